import type { TCatalogue } from './catalogue.js';
import { ACCOUNT_ES } from './es-account.js';

// The public site's words in Spanish, loaded only when Spanish is chosen. Terms used throughout:
// probador (tester), administrador (admin), proveedor de servicios (service provider), empresa de
// pruebas (testing company), certificación, agencia certificadora, kit de prueba, calibración,
// contraflujo (backflow). The registrant is addressed as usted.

const plural = (count: number, one: string, other: string) =>
  new Intl.PluralRules('es').select(count) === 'one' ? one : other;

export const es: TCatalogue = {
  messages: {
    orgUrlInvalid:
      'El enlace al que intenta acceder no existe. Asegúrese de haberlo copiado correctamente.',
    orgUrlExpired:
      'El formulario de registro al que intenta acceder ya no está disponible. Si cree que se trata de un error, comuníquese con la organización que le envió este enlace.',
    otherOrgLookup: 'Dirección no válida.',
    serverUnreachable:
      'Hubo un problema al comunicarse con nuestros servidores. Inténtelo de nuevo más tarde.',
    apiFetchFailed: 'No se pudo completar la solicitud.',
    apiSubmissionError: 'No se pudo enviar el registro. Inténtelo de nuevo.',
    userTypeRequired: 'Seleccione Administrador o Probador.',
    fieldRequired: 'Campo obligatorio.',
    companyNameTooLong: 'El nombre de la empresa debe tener 255 caracteres o menos.',
    zipInvalid: 'Código postal no válido.',
    emailInvalid: 'Correo electrónico no válido.',
    emailNotUnique: 'El correo electrónico de cada usuario debe ser único.',
    fileTooLarge: 'El archivo debe pesar menos de 10 MB.',
    fileTypeNotSupported: 'Tipo de archivo no admitido.',
    uploadFailed: 'Hubo un problema al subir este archivo.',
    stateInvalid: 'Seleccione un estado o una provincia válidos.',
    companyPhoneTooLong: 'El teléfono de la empresa debe tener 50 caracteres o menos.',
    companyAddressTooLong: 'La dirección de la empresa debe tener 255 caracteres o menos.',
    companyAddress2TooLong:
      'La línea 2 de la dirección de la empresa debe tener 255 caracteres o menos.',
    companyCityTooLong: 'La ciudad debe tener 255 caracteres o menos.',
    companyZipTooLong: 'El código postal debe tener 255 caracteres o menos.',
    companyIdInvalid: 'La empresa seleccionada no es válida. Regrese y vuelva a seleccionarla.',
    companyNotFound: 'La empresa seleccionada ya no existe. Regrese y vuelva a seleccionarla.',
    firstNameTooLong: 'El nombre debe tener 50 caracteres o menos.',
    lastNameTooLong: 'El apellido debe tener 50 caracteres o menos.',
    emailTooLong: 'El correo electrónico debe tener 255 caracteres o menos.',
    phoneTooLong: 'El teléfono debe tener 50 caracteres o menos.',
    certNumTooLong: 'El número de certificación debe tener 255 caracteres o menos.',
    dateInvalid: 'Ingrese una fecha válida (AAAA-MM-DD).',
    certAgencyNotAccepted: 'Esta organización no acepta certificaciones de esta agencia.',
    certTypeNotForAgency: 'La agencia seleccionada no ofrece este tipo de certificación.',
    certificationExpired: 'La certificación está vencida.',
    credentialRequired: 'Se requiere: {name}.',
    credentialExpired: 'Esta credencial está vencida.',
    coverageInvalid: 'Ingrese la cobertura en dólares estadounidenses, por ejemplo 1000000.',
    coverageTooLow: 'La cobertura debe ser de al menos {amount}.',
    additionalInsuredRequired:
      'El certificado debe nombrar a la organización como asegurado adicional.',
    credentialIssuerTooLong: 'El emisor debe tener 255 caracteres o menos.',
    credentialNumberTooLong: 'El número debe tener 255 caracteres o menos.',
    renewalDateNotLater: 'La fecha renovada debe ser posterior a la registrada.',
    renewalDocumentRequired: 'Suba el documento renovado.',
    renewalNotNeeded: 'Este elemento todavía no necesita renovarse.',
    renewalsMissing: 'Ingrese al menos una renovación.',
    reregistrationNotOpen:
      'Puede registrarse de nuevo a partir de 60 días antes de que termine su registro.',
    reregistrationWaiting: 'Ya se registró de nuevo: está esperando revisión.',
    reregistrationNeeds:
      'Antes de registrarse de nuevo con {organization}, renueve o agregue en Mis registros: {items}.',
    reregistrationSent: '{organization} revisará su registro de nuevo.',
    standingLapsed: 'El registro era válido hasta el {date}.',
    standingSuspensionEnded: 'El último día de la suspensión fue el {date}.',
    standingExpired: 'Vencido: {items}.',
    standingReplaced: 'Se aceptó el reemplazo de lo que venció.',
    standingReregistered: 'Se aprobó el nuevo registro.',
    certificationsRequired: 'Cada probador necesita al menos {count} certificación(es).',
    tooManyCertifications: 'Un probador puede indicar como máximo {count} certificaciones.',
    kitSerialTooLong: 'El número de serie debe tener 255 caracteres o menos.',
    kitMfrTooLong: 'El fabricante debe tener 255 caracteres o menos.',
    kitModelTooLong: 'El modelo debe tener 255 caracteres o menos.',
    documentLinkInvalid: 'No se encontró este documento. Vuelva a subirlo.',
    adminsRequired: 'Se requiere al menos un administrador.',
    tooManyAdmins: 'Se pueden registrar como máximo {count} administradores a la vez.',
    testersRequired: 'Se requiere al menos un probador.',
    tooManyTesters: 'Se pueden registrar como máximo {count} probadores a la vez.',
    tooManyTestKits: 'Se pueden registrar como máximo {count} kits de prueba a la vez.',
    usersRequired: 'Se requiere al menos un administrador o un probador.',
    userTypeMismatch: 'Esta persona figura con un tipo de usuario incorrecto.',
    emailAlreadyRegisteredHere:
      'Este correo electrónico ya está registrado para esta organización. No necesita registrarse de nuevo; comuníquese con soporte para actualizar su información.',
    emailRegisteredAsAdmin:
      'Este correo electrónico ya está registrado como administrador. Use otro correo electrónico para este probador o comuníquese con soporte.',
    emailRegisteredAsTester:
      'Este correo electrónico ya está registrado como probador. Use otro correo electrónico para este administrador o comuníquese con soporte.',
    submissionKeyReused:
      'Este registro ya se envió con información diferente. Vuelva a cargar el formulario e inténtelo de nuevo.',
    fileEmpty: 'El archivo está vacío.',
    fileMissing: 'Elija un archivo para subir.',
    valueInvalid: 'Ingrese un valor válido.',
    companyInfoInvalid: 'Envíe exactamente una empresa.',
    bodyNotObject: 'El cuerpo de la solicitud debe ser un objeto JSON.',
    shapeNotObject: 'La solicitud no tiene la forma esperada: {field} debe ser un objeto.',
    shapeNotList: 'La solicitud no tiene la forma esperada: {field} debe ser una lista.',
    shapeNotValue:
      'La solicitud no tiene la forma esperada: {field} debe ser un valor único, no una lista ni un objeto.',
    userTypeAccepted: 'Registro como {userType}.',
    companyNoMatches: 'No se encontraron empresas coincidentes.',
    adminsValid: 'Los administradores son válidos.',
    testersValid: 'Los probadores son válidos.',
    testKitsValid: 'Los kits de prueba son válidos.',
    payloadTooLarge: 'La solicitud es demasiado grande.',
    contentTypeNotAccepted: 'No se acepta este tipo de contenido.',
    multipartRequired: 'Envíe el archivo como multipart/form-data.',
    oneFilePerUpload: 'Envíe un archivo por cada carga.',
    draftSaved:
      'Enviamos a esa dirección de correo electrónico un enlace para continuar este registro.',
    draftLinkInvalid:
      'Este enlace a un registro guardado venció o ya no es válido. Los registros guardados se conservan durante {days} días, y al guardar de nuevo se reemplaza el enlace.',
    statusLinkInvalid:
      'Este enlace de estado no es válido: puede haber vencido, puede que ya se haya usado para enviar correcciones o puede haberse copiado de forma incompleta. El correo electrónico más reciente sobre su registro tiene un enlace que funciona.',
    correctionsSent:
      'Gracias. Sus correcciones se enviaron y su registro está otra vez en espera de revisión. Recibirá un correo electrónico cuando se haya revisado.',
    correctionNothingChanged: 'Corrija este elemento o suba un documento de reemplazo.',
    correctionsNotAwaited: 'Este registro no está en espera de correcciones.',
    correctionItemNotRejected: 'Este elemento no necesita corrección.',
    correctionsMissing: 'Corrija cada elemento que fue rechazado.',
    correctionUploadChosenFile:
      'Suba el archivo elegido antes de enviar, o vuelva a cargar la página para conservar su documento actual.',
    badRequest: 'No se pudo leer la solicitud. Revísela e inténtelo de nuevo.',
    notFound: 'No se encontró el recurso solicitado.',
    rateLimited: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
    unavailable: 'El servicio no está disponible temporalmente. Inténtelo de nuevo en breve.',
    internalError: 'Algo salió mal de nuestro lado. Inténtelo de nuevo más tarde.',
    accountLinkSent:
      'Si este correo electrónico pertenece a un probador o administrador registrado, le estamos enviando un enlace para iniciar sesión. El enlace funciona una sola vez, durante {minutes} minutos.',
    accountTooManyLinks:
      'Se pidieron demasiados enlaces para este correo electrónico. Use el más reciente o espere una hora antes de pedir otro.',
    accountLinkInvalid: 'Este enlace para iniciar sesión venció o ya se usó. Pida uno nuevo.',
    accountCrossSite:
      'Esta solicitud no provino de este sitio. Vuelva a cargar la página e inténtelo de nuevo.',
    accountPhoneSaved: 'Se guardó su número de teléfono.',
    accountDirectoryHidden: 'Guardado: no aparece en ningún directorio público de probadores.',
    accountDirectoryListed: 'Guardado: puede volver a aparecer en los directorios públicos.',
    accountDirectoryTestersOnly: 'Solo los probadores aparecen en los directorios públicos.',
    accountSignedOut: 'Cerró la sesión.',
    accountItemNotFound:
      'Este elemento no está en ninguno de sus registros que se puedan cambiar ahora. Vuelva a cargar la página.',
    accountNothingToChange:
      'Ninguno de sus registros puede recibir este cambio ahora: cada uno espera correcciones o no fue aprobado.',
    accountCertificationOnFile: 'Esta certificación ya está registrada. Renuévela en su lugar.',
    accountTestKitOnFile:
      'Este kit de prueba ya está registrado. Envíe su nueva calibración en su lugar.',
    accountTestersOnly: 'Las certificaciones se registran solo para probadores.',
    accountCredentialOnFile: 'Esta credencial ya está registrada. Renuévela en su lugar.',
    accountCredentialNotAsked: 'Ninguna de sus organizaciones le pide esta credencial.',
    accountTestKitRetired:
      'El kit de prueba se retiró. Ya no aparece en informes ni recordatorios.',
    accountEmailSame: 'Este ya es su correo electrónico.',
    accountEmailTaken:
      'Otro registrado usa este correo electrónico. Use otro o comuníquese con soporte.',
    accountEmailConfirmSent:
      'Enviamos un enlace de confirmación a {email}. Su correo electrónico cambia cuando lo abra; el enlace funciona durante 24 horas.',
    accountEmailLinkInvalid:
      'Este enlace de confirmación venció o ya se usó. Pida el cambio de nuevo desde Mis registros.',
    accountEmailChanged: 'Su correo electrónico ahora es {email}. Inicie sesión de nuevo con él.',
    accountAdminsOnly:
      'Solo un administrador de la empresa puede cambiar las personas de la empresa.',
    accountPersonExists:
      'Este correo electrónico ya pertenece a un probador o administrador registrado. Puede registrarse con su empresa desde el enlace de cada organización.',
    accountPersonNotInCompany: 'Esta persona no está en su empresa.',
    accountCannotRemoveSelf: 'No puede quitarse a sí mismo de la empresa.',
    accountJoinNeedsCertifications:
      '{organization} necesita {count} certificación(es) vigente(s) de agencias que acepta. Agregue primero una certificación en Mis registros o regístrese mediante el formulario.',
    accountJoinNeedsCompany: 'Su registro no tiene empresa. Regístrese mediante el formulario.',
    accountJoinNeedsCredentials:
      '{organization} requiere {credentials} y su registro no tiene en archivo ninguna que cumpla sus reglas. Puede entregar lo que falta mediante el formulario de registro de la organización.',
    accountPersonRemoved:
      'Se quitó a la persona de la empresa. Sus registros y su historial se conservan.',
    unauthorized: 'Inicie sesión para continuar.',
  },
  site: {
    title: 'Registro de probadores de contraflujo',
    languageSwitch: 'Idioma',
    needHelp: '¿Necesita ayuda? {link}.',
    contactSupport: 'Comuníquese con soporte',
    contactSupportLower: 'comuníquese con soporte',
    pageLoading: 'Cargando la página...',
    uhOh: '¡Uy!',
    connectionProblem: 'Problema de conexión',
    unexpectedError: '¡Error inesperado de la aplicación!',
    reloadToRetry: 'Vuelva a cargar la página para intentarlo de nuevo.',
    chunkTimeout: 'Cargar una parte de la página tardó más de {ms} ms.',
    opensInNewTab: ' (se abre en una pestaña nueva)',
  },
  landing: {
    lead: 'Para registrarse, use el enlace único que le dio su ciudad u organización. Si no lo tiene, {link}.',
    registrationInfo:
      'Después de registrarse, se procesa su información y recibirá un correo electrónico de confirmación cuando se inicie el programa de la organización.',
    uniqueEmailsHeading: 'Correos electrónicos únicos',
    uniqueEmails:
      'Cada administrador y cada probador debe tener un correo electrónico único: no se puede usar el mismo correo electrónico para dos usuarios, ya sean administradores o probadores.',
  },
  info: {
    registrationInfoHeading: 'Información del registro',
    defaultWelcome:
      'Una vez procesado su registro, recibirá en un plazo de {hours} horas un correo electrónico de bienvenida con sus datos de inicio de sesión.',
    requirementsHeading: 'Requisitos',
    requirementUniqueEmail:
      'Cada administrador y cada probador debe tener un correo electrónico único. No se puede usar el mismo correo electrónico para dos usuarios, ya sean administradores o probadores.',
    requirementResubmit:
      'Si ya se registró para otra organización, debe enviar su registro de nuevo para esta organización.',
    adminUsersHeading: 'Usuarios administradores',
    adminUsers:
      'Los usuarios administradores gestionan un proveedor de servicios (empresa de pruebas) y pueden ingresar informes de pruebas para los probadores de la empresa. Los administradores no necesitan información de certificación.',
    testerUsersHeading: 'Usuarios probadores',
    testerUsers:
      'Los usuarios probadores ingresan sus propios informes de pruebas. Cada probador debe proporcionar la información de su certificación y una copia de cada documento de certificación. La información del kit de prueba es opcional.',
    faqHeading: 'Preguntas frecuentes',
    faqAgainQuestion: 'Ya me registré para otra organización. ¿Debo registrarme de nuevo?',
    faqAgainAnswer:
      'Sí. Los registros se conservan por organización, así que envíe uno para cada una.',
    faqShareQuestion: '¿Pueden dos usuarios compartir un correo electrónico?',
    faqShareAnswer:
      'No. Cada administrador y cada probador necesita su propio correo electrónico único.',
    faqDocumentsQuestion: '¿Qué documentos puedo subir?',
    faqDocumentsAnswer: 'Archivos PDF, JPG o PNG de menos de 10 MB.',
    faqLoginQuestion: '¿Cuándo podré iniciar sesión?',
    faqLoginAnswer:
      'Cuando se procese su registro, recibirá un correo electrónico de bienvenida con sus datos de inicio de sesión.',
  },
  org: {
    title: 'Registro de probadores de {orgName}',
    getStarted: 'Comenzar',
  },
  steps: {
    userType: 'Tipo de usuario',
    company: 'Datos de la empresa',
    matches: 'Empresas similares',
    companyCredentials: 'Credenciales de la empresa',
    admins: 'Usuarios administradores',
    testers: 'Usuarios probadores',
    testKits: 'Kits de prueba',
    review: 'Revisión',
  },
  wizard: {
    progress: 'Paso {page} de {count}',
    documentTitle: '{progress}: {step} – {form}',
    back: 'Atrás',
    next: 'Siguiente',
    submit: 'Enviar',
    skip: 'Omitir',
    loading: 'Cargando...',
    requiredNote: 'Los campos marcados con * son obligatorios.',
    pleaseSelect: 'Seleccione',
    about: 'Acerca de {label}',
    errorPrefix: 'Error: ',
  },
  errorSummary: {
    title: 'Hay un problema',
    checkFields: 'Revise estos campos:',
  },
  labels: {
    companyName: 'Nombre de la empresa',
    companyPhone: 'Teléfono de la empresa',
    companyAddress1: 'Dirección de la empresa',
    companyAddress2: 'Línea 2 de la dirección de la empresa',
    companyCity: 'Ciudad',
    companyState: 'Estado',
    companyZip: 'Código postal',
    userFirstName: 'Nombre',
    userLastName: 'Apellido',
    userEmail: 'Correo electrónico',
    userPhone: 'Teléfono',
    certNum: 'Número de certificación',
    certExp: 'Fecha de vencimiento',
    certAgency: 'Agencia certificadora',
    certType: 'Tipo de certificación',
    certDocLink: 'Documento de certificación',
    kitSerial: 'Número de serie',
    kitMfr: 'Fabricante',
    kitModel: 'Modelo',
    kitCalibDate: 'Fecha de calibración',
    kitCalibDocLink: 'Documento de calibración',
    userType: 'Tipo de usuario',
    userCerts: 'Certificaciones',
    companyID: 'Empresa seleccionada',
    adminBlock: 'Administrador n.º {number}',
    testerBlock: 'Probador n.º {number}',
    testKitBlock: 'Kit de prueba n.º {number}',
    certificationBlock: 'Certificación n.º {number}',
    blockField: '{blocks}: {field}',
    credentialIssuer: 'Emisor',
    credentialNumber: 'Número',
    credentialCoverage: 'Monto de la cobertura (dólares estadounidenses)',
    credentialAdditionalInsured: 'El certificado nombra a la organización como asegurado adicional',
    credentialExpirationDate: 'Fecha de vencimiento',
    credentialDocument: 'Documento',
  },
  userType: {
    welcome: 'Le damos la bienvenida al registro de probadores de {orgName}.',
    question: '¿Se registra como probador o como administrador?',
    tester: 'Probador',
    admin: 'Administrador (enviaré pruebas en nombre de otros)*',
    texasNote:
      'En el estado de Texas, las cuentas de administrador no pueden enviar pruebas en nombre de otros.',
  },
  companyStep: {
    nameTooltip:
      'Ingrese el nombre de su empresa de pruebas. Si trabaja por cuenta propia, ingrese su nombre completo.',
  },
  matches: {
    intro:
      'Encontramos empresas similares a la que ingresó. Si una de ellas es su empresa, selecciónela. De lo contrario, elija Omitir para continuar con la empresa que ingresó.',
    table: 'Empresas similares',
    name: 'Nombre',
    address: 'Dirección',
    city: 'Ciudad',
    state: 'Estado',
    zip: 'Código postal',
    action: 'Acción',
    select: 'Seleccionar',
    selectCompany: 'Seleccionar {name}, {address}, {city}',
    incorrect: 'Si alguno de los datos que se muestran es incorrecto, {link}.',
  },
  people: {
    emailTooltip:
      'Debe ser un correo electrónico individual y único. Cada probador o administrador que se registre necesita un correo electrónico único.',
    adminsIntro:
      'Los campos marcados con * son obligatorios. Cada administrador necesita un correo electrónico único.',
    removeAdmin: 'Quitar este administrador',
    addAdmin: 'Agregar otro administrador',
    testersForAdmins:
      'También puede registrar aquí a los probadores de su empresa. Elija Omitir para continuar sin registrar probadores.',
    testersIntro: ({ count }: { count: number }) =>
      count > 0
        ? `Los campos marcados con * son obligatorios. Cada probador necesita un correo electrónico único y al menos ${count} ${plural(count, 'certificación', 'certificaciones')}, cada una con su documento subido.`
        : 'Los campos marcados con * son obligatorios. Cada probador necesita un correo electrónico único.',
    chooseAgencyFirst: 'Elija primero una agencia.',
    removeCertification: 'Quitar la certificación n.º {number}',
    addCertification: 'Agregar otra certificación',
    removeTester: 'Quitar este probador',
    addTester: 'Agregar otro probador',
  },
  testKits: {
    intro:
      'La información del kit de prueba es opcional. Elija Omitir para continuar sin un kit de prueba. Para cada kit que ingrese, todos los campos y el documento de calibración son obligatorios.',
    remove: 'Quitar el kit de prueba',
    add: 'Agregar otro kit de prueba',
  },
  credentials: {
    companyIntro:
      'Esta organización pide a su empresa las credenciales siguientes. Los campos marcados con * son obligatorios, y cada credencial necesita su documento subido.',
    testerIntro:
      'Esta organización también pide a cada probador las credenciales siguientes, cada una con su documento subido.',
    optional: '{name} (opcional)',
    add: 'Agregar {name} (opcional)',
    remove: 'Quitar {name}',
    minimumCoverage: 'Al menos {amount}.',
  },
  upload: {
    upload: 'Subir',
    uploading: 'Subiendo...',
    uploadingPercent: 'Subiendo... {percent}',
    uploaded: 'Subido',
    noFile: 'No se eligió ningún archivo.',
    chosenFile: '{name}.',
    uploadedFile: '{name} (subido).',
    accepted: 'PDF, JPG o PNG, de menos de 10 MB.',
    progress: 'Progreso de la carga de {label}',
    done: '{label}: subido.',
  },
  review: {
    intro: 'Revise su registro y luego elija Enviar.',
    print: 'Imprimir',
    company: 'Empresa',
    existingCompany: 'Se seleccionó una empresa existente.',
    admins: 'Administradores',
    testers: 'Probadores',
    testKits: 'Kits de prueba',
    noTestKits: 'Sin kits de prueba.',
    companyCredentials: 'Credenciales de la empresa',
    yes: 'Sí',
  },
  thankYou: {
    title: '¡Gracias!',
    processing:
      'Su registro se envió. Estamos procesando sus datos y recibirá por correo electrónico un paquete de bienvenida.',
    learnMore: 'Mientras tanto, puede obtener más información en nuestra {link}.',
    knowledgeBase: 'base de conocimientos',
  },
  drafts: {
    save: 'Guardar y terminar más tarde',
    dialogTitle: 'Guardar y terminar más tarde',
    dialogIntro: ({ days }: { days: number }) =>
      `Le enviaremos por correo electrónico un enlace que abre este registro donde lo dejó, en cualquier dispositivo. El enlace funciona durante ${days} ${plural(days, 'día', 'días')}.`,
    notUploaded:
      'Los documentos que eligió pero no subió no se guardan: súbalos primero o vuelva a elegirlos más tarde.',
    email: 'Su correo electrónico',
    send: 'Enviar el enlace',
    sending: 'Enviando...',
    cancel: 'Cancelar',
    sent: 'Enviamos un enlace a {email}. Puede cerrar esta página y volver a ella desde ese enlace.',
    resumeTitle: 'Su registro guardado',
    opening: 'Abriendo su registro guardado...',
    startAgain: 'Comenzar un registro nuevo',
  },
  embed: {
    frameTitle: 'Formulario de registro de probadores de contraflujo',
  },
  status: {
    title: 'Su registro',
    invalidLinkTitle: 'Este enlace no se puede usar',
    correctionsSentTitle: 'Correcciones enviadas',
    registerAgainHeading: 'Registrarse de nuevo',
    registerAgainOpen:
      'Su registro es válido hasta el {date}. Regístrese de nuevo para el próximo período: lo que tiene registrado se envía a {organization} para su revisión.',
    registerAgainLapsed:
      'Su registro terminó el {date}. Regístrese de nuevo: lo que tiene registrado se envía a {organization} para su revisión.',
    registerAgain: 'Registrarse de nuevo',
    registeredAgainTitle: 'Enviado para revisión',
    intro: 'Esta página muestra la revisión de su registro con {organization}.',
    stateLine: 'Estado: {state}',
    registeredOn: 'Registrado el {date}.',
    certificationsHeading: 'Certificaciones',
    testKitsHeading: 'Kits de prueba',
    credentialsHeading: 'Credenciales',
    certificationTitle: 'Certificación {number}',
    testKitTitle: 'Kit de prueba {serial}',
    decisionLine: 'Decisión: {decision}',
    reasonLine: 'Motivo: {reason}',
    noteLine: 'Nota del revisor: {note}',
    correctIntro:
      'Corrija los datos a continuación y suba un documento de reemplazo. Si no sube uno nuevo, se conserva su documento actual.',
    replacementLabel: 'Documento de reemplazo',
    sendCorrections: 'Enviar correcciones',
    sending: 'Enviando...',
    pendingText:
      'Su registro está en espera de revisión. Recibirá un correo electrónico cuando se haya revisado.',
    approvedText:
      'Su registro fue aprobado. Sus datos de inicio de sesión llegarán por correo electrónico.',
    rejectedText: 'Su registro no fue aprobado.',
    states: {
      pending: 'En espera de revisión',
      changes_requested: 'Cambios solicitados',
      approved: 'Aprobado',
      rejected: 'Rechazado',
    },
    decisions: {
      pending: 'Pendiente',
      accepted: 'Aceptado',
      rejected: 'Rechazado',
    },
    documentReasons: {
      unreadable: 'Documento ilegible',
      mismatch: 'El documento no coincide con el número, la agencia o el tipo ingresados',
      expired: 'Vencido',
      wrong_document: 'Documento equivocado',
      other: 'Otro',
    },
    registrationReasons: {
      not_eligible: 'No cumple los requisitos de este programa',
      duplicate: 'Registro duplicado',
      not_verified: 'No se pudieron verificar las certificaciones',
      other: 'Otro',
    },
  },
  emails: {
    draftSaved: {
      subject: 'Su registro de probadores de {orgName} guardado',
      body: ({ orgName, link, days }: { orgName: string; link: string; days: number }) =>
        [
          `Guardó su registro de probadores de ${orgName} para terminarlo más tarde.`,
          '',
          'Abra este enlace para continuar donde lo dejó, en cualquier dispositivo:',
          link,
          '',
          `El enlace funciona durante ${days} ${plural(days, 'día', 'días')}. Si guarda de nuevo, recibirá un enlace nuevo y el anterior dejará de funcionar.`,
          'Si no solicitó esto, puede ignorar este correo electrónico.',
        ].join('\n'),
    },
    review: {
      greeting: 'Hola, {firstName}:',
      adminCopyIntro:
        'Recibe esta copia como administrador de {company}, registrada con {organization}. Este mensaje se envió a {person}:',
      supportLine: '¿Preguntas? Comuníquese con soporte: {supportUrl}',
      welcomeSubject: 'Bienvenido al programa de pruebas de contraflujo de {organization}',
      welcomeApproved: 'Su registro con {organization} fue aprobado. ¡Bienvenido!',
      welcomeLoginDetails:
        'Sus datos de inicio de sesión para enviar pruebas llegarán por correo electrónico en un plazo de {hours} horas.',
      welcomeKnowledgeBase:
        'Aprenda a usar la plataforma en nuestra base de conocimientos: {knowledgeBaseUrl}',
      changesSubject: 'Se necesitan cambios en su registro con {organization}',
      changesIntro:
        'Revisamos su registro con {organization}. Estos elementos necesitan una corrección antes de que se pueda aprobar:',
      changesCertification: '- Certificación {number} ({agency}, {type}): {reason}',
      changesTestKit: '- Kit de prueba {serial} ({manufacturer} {model}): {reason}',
      changesCredential: '- {type}: {reason}',
      changesCredentialWithFacts: '- {type} ({facts}): {reason}',
      changesNote: '  Nota del revisor: {note}',
      changesLink:
        'Envíe sus correcciones mediante su enlace personal. Funciona hasta el {date} y solo para su registro:',
      changesLinkForPerson: '{person} recibió un enlace personal para enviar las correcciones.',
      rejectedSubject: 'Su registro con {organization} no fue aprobado',
      rejectedIntro: 'Revisamos su registro con {organization} y no pudimos aprobarlo.',
      rejectedReason: 'Motivo: {reason}',
      rejectedNote: 'Nota del revisor: {note}',
      rejectedMistake: 'Si cree que se trata de un error, comuníquese con soporte: {supportUrl}',
    },
    standing: {
      suspendedSubject: 'Su registro con {organization} está suspendido',
      suspendedIntro:
        'Su registro con {organization} ha sido suspendido. Mientras esté suspendido, no está aprobado para hacer pruebas para {organization}.',
      reason: 'Motivo: {reason}',
      suspendedUntil:
        'La suspensión dura hasta el {date} inclusive; su registro vuelve a estar activo al día siguiente.',
      suspendedAutomatically:
        'Se levanta por sí sola en cuanto se acepte un reemplazo vigente. Envíelo desde Mis registros.',
      reinstatedSubject: 'Su registro con {organization} está activo de nuevo',
      reinstatedIntro:
        'Su registro con {organization} ha sido restablecido y está activo de nuevo.',
      lapsedSubject: 'Su registro con {organization} ha caducado',
      lapsedIntro:
        'Su registro con {organization} llegó al final de su período y ha caducado: ya no está inscrito.',
      lapsedReregister:
        'Para registrarse de nuevo, confirme lo que tenemos registrado y envíe lo que haya vencido desde Mis registros: {link}',
    },
  },
  renewal: {
    intro:
      '¿Renovó su certificación o calibró su kit de prueba? Ingrese la nueva fecha abajo, suba el nuevo documento y envíelo. El programa lo revisa antes de que reemplace el que tenemos registrado.',
    send: 'Enviar renovación',
    sentTitle: 'Renovación enviada',
    sentText:
      'Gracias. Su renovación está pendiente de revisión; el programa le escribirá por correo electrónico.',
  },
  account: ACCOUNT_ES,
  reminders: {
    subject: 'Recordatorio: renueve su certificación o la calibración de su kit de prueba',
    greeting: 'Hola, {firstName}:',
    intro: 'Le recordamos lo que tiene registrado en el programa de pruebas de contraflujo:',
    certification: 'Certificación {number} ({agency}, {type})',
    calibration: 'Kit de prueba {serial} ({manufacturer} {model}): calibración',
    credential: '{type} {number}',
    registration: 'Su registro',
    due: ({ date, days }: { date: string; days: number }) =>
      days === 0
        ? `vence hoy, ${date}.`
        : `vence el ${date}, en ${days} ${plural(days, 'día', 'días')}.`,
    registeredWith: 'Registrado con: {organizations}',
    renew:
      'Cuando la haya renovado, envíe los nuevos datos y el documento mediante su enlace personal para cada organización:',
    reregister:
      'Para registrarse de nuevo para el próximo período, confirme lo que tiene registrado mediante el mismo enlace o Mis registros.',
    linkValid: 'Cada enlace funciona hasta el {date}.',
    support: '¿Tiene preguntas? Comuníquese con soporte: {link}',
  },
};
