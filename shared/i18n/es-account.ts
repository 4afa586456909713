import type { TCatalogue } from './catalogue.js';

// My registrations' words in Spanish (see en-account.ts).

export const ACCOUNT_ES: TCatalogue['account'] = {
  title: 'Mis registros',
  link: 'Mis registros',
  signInTitle: 'Iniciar sesión en Mis registros',
  signInIntro:
    'Escriba el correo electrónico con el que se registró. Le enviaremos un enlace para iniciar sesión, sin contraseña que recordar.',
  emailLabel: 'Correo electrónico',
  sendLink: 'Enviarme un enlace para iniciar sesión',
  sending: 'Enviando...',
  checkEmailTitle: 'Revise su correo electrónico',
  checkEmailHint: 'Puede cerrar esta página: el enlace del correo abre Mis registros.',
  signingIn: 'Iniciando sesión...',
  linkInvalidTitle: 'Este enlace no se puede usar',
  askAgain: 'Pedir un nuevo enlace para iniciar sesión',
  signOut: 'Cerrar sesión',
  signedOutTitle: 'Sesión cerrada',
  signInAgain: 'Iniciar sesión de nuevo',
  personHeading: 'Sus datos',
  name: 'Nombre',
  emailField: 'Correo electrónico',
  phone: 'Teléfono',
  userType: 'Tipo de usuario',
  userTypes: { tester: 'Probador', admin: 'Administrador' },
  noPhone: 'Ninguno registrado',
  changePhone: 'Cambiar teléfono',
  savePhone: 'Guardar teléfono',
  directoryHeading: 'Directorios públicos de probadores',
  directoryListedText:
    'Las organizaciones que publican un directorio de probadores aprobados lo incluyen mientras su registro con ellas esté aprobado y sus certificaciones estén vigentes: su nombre, el nombre, el teléfono, la ciudad y el estado de su empresa, y sus certificaciones. Nunca su correo electrónico ni su teléfono personal.',
  directoryHiddenText:
    'Pidió no aparecer en ningún directorio público de probadores. Sus registros, y lo que las organizaciones ven de ellos, no cambian.',
  directoryHide: 'No incluirme en los directorios públicos',
  directoryShow: 'Volver a incluirme en los directorios públicos',
  cancel: 'Cancelar',
  registrationsHeading: 'Sus organizaciones',
  organization: 'Organización',
  review: 'Revisión',
  enrollment: 'Inscripción',
  registered: 'Registrado',
  enrolled: 'Inscrito',
  notEnrolled: 'Aún no inscrito',
  noRegistrations: 'No está registrado con ninguna organización.',
  companyHeading: 'Su empresa',
  noCompany: 'No hay ninguna empresa registrada.',
  certificationsHeading: 'Certificaciones',
  noCertifications: 'No hay certificaciones registradas.',
  certificationTitle: '{agency}, {type}: {number}',
  expiresOn: 'Vence el {date}',
  testKitsHeading: 'Kits de prueba',
  noTestKits: 'No hay kits de prueba registrados.',
  testKitTitle: '{manufacturer} {model}, número de serie {serial}',
  calibratedOn: 'Calibrado el {date}',
  calibrationDue: 'Próxima calibración el {date}',
  status: 'Estado: {status}',
  statuses: {
    valid: 'Vigente',
    expiring: 'Vence en 60 días o menos',
    expired: 'Vencido',
    renewalWaiting: 'Renovación pendiente de revisión',
    reviewWaiting: 'Pendiente de revisión',
  },
  registeredWith: 'Registrado con: {organizations}',
  document: 'Documento: {name}',
  remindersSent: 'Recordatorios enviados: {dates}',
  sendForReview: 'Enviar para revisión',
  changeEmail: 'Cambiar correo electrónico',
  emailFormTitle: 'Cambiar su correo electrónico',
  emailFormIntro:
    'Enviaremos un enlace de confirmación a la nueva dirección. Su correo electrónico cambia solo cuando abra ese enlace.',
  newEmail: 'Nuevo correo electrónico',
  sendConfirmation: 'Enviar el enlace de confirmación',
  checkNewEmailTitle: 'Revise su nuevo correo electrónico',
  confirmingEmail: 'Confirmando su nuevo correo electrónico...',
  emailChangedTitle: 'Correo electrónico cambiado',
  emailNotChangedTitle: 'Su correo electrónico no se cambió',
  backToAccount: 'Volver a Mis registros',
  renew: 'Renovar',
  renewTitle: 'Renovar esta certificación',
  renewIntro:
    'Escriba la fecha de vencimiento de su certificado renovado y súbalo. Hasta que se revise, la certificación registrada se mantiene como está.',
  addCertification: 'Agregar una certificación',
  addCertificationIntro:
    'Se envía para revisión a cada una de sus organizaciones que acepta su agencia. Los campos marcados con * son obligatorios.',
  noAgencies: 'Ninguna de sus organizaciones indica una agencia de certificación.',
  sendCalibration: 'Enviar nueva calibración',
  calibrationTitle: 'Enviar una nueva calibración',
  calibrationIntro:
    'Escriba la fecha de la nueva calibración y suba su documento. Hasta que se revise, la calibración registrada se mantiene como está.',
  retire: 'Retirar',
  retireTitle: '¿Retirar este kit de prueba?',
  retireIntro:
    'Retire un kit que ya no usa: deja de aparecer en los informes y recordatorios de todas las organizaciones. Su historial se conserva.',
  retireConfirm: 'Retirar el kit de prueba',
  testKitRetiredTitle: 'Kit de prueba retirado',
  credentialsHeading: 'Credenciales',
  noCredentials: 'No hay credenciales registradas.',
  heldByCompany: 'De su empresa',
  namesAdditionalInsured: 'El certificado nombra a la organización como asegurado adicional.',
  notAdditionalInsured: 'El certificado no nombra a la organización como asegurado adicional.',
  doesNotExpire: 'No vence',
  renewCredentialTitle: 'Renovar esta credencial',
  renewCredentialIntro:
    'Ingrese lo que dice su certificado renovado y súbalo. Hasta que se revise, la credencial registrada queda como está.',
  addCredential: 'Agregar una credencial',
  addCredentialIntro:
    'Se envía para revisión a cada una de sus organizaciones que la pide. Los campos marcados con * son obligatorios.',
  credentialType: 'Credencial',
  noCredentialTypes: 'Ninguna de sus organizaciones le pide una credencial.',
  coverageMinimums: 'Cobertura mínima: {minimums}.',
  coverageMinimum: '{amount} para {organization}',
  standing: 'Situación',
  standings: { active: 'Activo', suspended: 'Suspendido', lapsed: 'Vencido' },
  validThrough: 'válido hasta el {date}',
  registerAgain: 'Registrarse de nuevo',
  reregisterTitle: '¿Registrarse de nuevo con {organization}?',
  reregisterIntro:
    'Lo que tiene registrado se envía a {organization} para su revisión, para su próximo período de registro. Renueve primero lo que haya vencido.',
  reregisterConfirm: 'Enviar para revisión',
  reregisteredTitle: 'Enviado para revisión',
  addTestKit: 'Agregar un kit de prueba',
  addTestKitIntro:
    'Se envía para revisión a cada una de sus organizaciones. Los campos marcados con * son obligatorios.',
  sentTitle: 'Enviado para revisión',
  sentTo: 'Enviado para revisión a {organizations}.',
  refusedBy: 'No se envió a:',
  refusal: '{organization}: {reason}',
  peopleHeading: 'Las personas de su empresa',
  personLine: '{name}, {role}',
  remove: 'Quitar',
  removePersonTitle: '¿Quitar a {name} de su empresa?',
  removePersonIntro:
    'Dejará de estar vinculado a su empresa. Sus registros y su historial se conservan.',
  removePersonConfirm: 'Quitar de la empresa',
  personRemovedTitle: 'Persona quitada',
  addPerson: 'Agregar un probador o administrador',
  addPersonIntro:
    'Se registra, para revisión, con cada organización con la que su empresa está registrada que lo acepte, y recibe por correo un enlace para iniciar sesión en Mis registros. Los campos marcados con * son obligatorios.',
  personRole: '¿Es probador o administrador?',
  addPersonSend: 'Agregar a la empresa',
  personAddedTitle: 'Persona agregada',
  personSentTo:
    'Registrado para revisión con {organizations}. Se le envió un enlace para iniciar sesión.',
  email: {
    subject: 'Su enlace para iniciar sesión en Mis registros',
    body: ({ link, minutes }: { link: string; minutes: number }) =>
      [
        'Alguien, probablemente usted, pidió iniciar sesión en Mis registros con este correo electrónico.',
        '',
        'Abra este enlace para iniciar sesión:',
        link,
        '',
        `El enlace funciona una sola vez, durante ${minutes} minutos. Si lo pide de nuevo, recibirá un enlace nuevo y este dejará de funcionar.`,
        'Si no lo pidió, puede ignorar este correo: nada cambia sin el enlace.',
      ].join('\n'),
  },
  emailChange: {
    subject: 'Confirme su nuevo correo electrónico para Mis registros',
    body: ({ link, hours, email }: { link: string; hours: number; email: string }) =>
      [
        `Pidió usar ${email} para Mis registros y sus registros como probador de contraflujo.`,
        '',
        'Abra este enlace para confirmar el cambio:',
        link,
        '',
        `El enlace funciona una sola vez, durante ${hours} horas. Su correo electrónico no cambia hasta que lo abra.`,
        'Si no lo pidió, puede ignorar este correo.',
      ].join('\n'),
  },
  emailChanged: {
    subject: 'Se cambió su correo electrónico para Mis registros',
    body: ({
      oldEmail,
      newEmail,
      supportUrl,
    }: {
      oldEmail: string;
      newEmail: string;
      supportUrl: string;
    }) =>
      [
        `El correo electrónico de sus registros como probador de contraflujo cambió de ${oldEmail} a ${newEmail}.`,
        '',
        'De ahora en adelante, inicie sesión en Mis registros con el nuevo correo.',
        `Si usted no hizo este cambio, comuníquese con soporte de inmediato: ${supportUrl}`,
      ].join('\n'),
  },
  emailLine: 'Mantenga al día sus datos, certificaciones y kits de prueba en Mis registros: {link}',
  invitation: {
    subject: '{admin} lo agregó a Mis registros',
    body: ({
      admin,
      organizations,
      link,
      hours,
    }: {
      admin: string;
      organizations: string;
      link: string;
      hours: number;
    }) =>
      [
        `${admin} lo agregó a los registros de pruebas de contraflujo de su empresa con: ${organizations}.`,
        'Cada registro espera la revisión del programa; recibirá un correo electrónico.',
        '',
        'Abra este enlace para iniciar sesión en Mis registros, donde mantiene al día sus datos, certificaciones y kits de prueba:',
        link,
        '',
        `El enlace funciona una sola vez, durante ${hours} horas. Después, pida uno nuevo en la página de inicio de sesión con este correo electrónico.`,
      ].join('\n'),
  },
  joinIntro:
    'Inició sesión en Mis registros como {name}. Regístrese con {organization} a partir de sus datos guardados: el formulario se abre con su empresa, sus certificaciones y sus kits de prueba ya completados, y solo pide lo que {organization} necesita además de ellos.',
  joinButton: 'Registrarme con mis datos guardados',
  joinGoToAccount: 'Ir a Mis registros',
  wizardIntro:
    'Completado a partir de su registro: lo que consta en él se envía tal como está, reutilizando sus documentos. Para cambiarlo, vaya a {link}.',
  wizardCertsNeeded:
    'Agregue las certificaciones que {organization} necesita además de las que constan en su registro ({count} más), cada una con su documento subido. Los campos marcados con * son obligatorios.',
  wizardNeedsIntro:
    'Agregue lo que {organization} exige y no consta en su registro. Los campos marcados con * son obligatorios.',
  yourDetails: 'Sus datos',
  onFileCertifications: 'Certificaciones en su registro',
  onFileTestKits: 'Kits de prueba en su registro',
  onFileCredentials: 'Credenciales en su registro',
  onFileDocument: 'Documento en su registro',
  noneOnFile: 'Ninguno en su registro.',
};
