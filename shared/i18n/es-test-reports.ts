import type { TFieldCatalogue } from './field.js';

// The test report's words in Spanish (see en-test-reports.ts).

export const TEST_REPORTS_ES: TFieldCatalogue['testReports'] = {
  checks: {
    testDateInvalid: 'Escriba el día de la prueba.',
    testDateFuture: 'La prueba tiene fecha del {testDate}, posterior a hoy.',
    testDateTooOld:
      'Los informes deben presentarse dentro de los {days} días siguientes a la prueba; la prueba tiene fecha del {testDate}.',
    testDateBeforeInstalled:
      'El dispositivo {assembly} se instaló el {installedOn}; la prueba tiene fecha del {testDate}.',
    assemblyRemoved: 'El dispositivo {assembly} se retiró de servicio; no se puede probar.',
    assemblyReplaced:
      'El dispositivo {assembly} fue reemplazado; pruebe el dispositivo que lo reemplazó.',
    registrationNotActive:
      'El registro de {tester} con {organization} no estaba activo el {testDate}.',
    certificationAgencyNotAccepted: '{organization} no acepta certificaciones de {agency}.',
    certificationNotAccepted: 'La certificación {number} aún no ha sido aceptada.',
    certificationNotAcceptedUntil:
      'La certificación {number} no fue aceptada hasta el {acceptedOn}; la prueba tiene fecha del {testDate}.',
    certificationExpired:
      'La certificación {number} venció el {through}; la prueba tiene fecha del {testDate}.',
    calibrationNotAccepted: 'La calibración del kit de prueba {kit} aún no ha sido aceptada.',
    calibrationNotAcceptedUntil:
      'La calibración del kit de prueba {kit} no fue aceptada hasta el {acceptedOn}; la prueba tiene fecha del {testDate}.',
    calibrationAfterTest:
      'El kit de prueba {kit} se calibró el {from}, después de la prueba; la prueba tiene fecha del {testDate}.',
    calibrationExpired:
      'La calibración del kit de prueba {kit} era válida hasta el {through}; la prueba tiene fecha del {testDate}.',
    credentialNotAccepted: 'El documento «{credential}» aún no ha sido aceptado.',
    credentialNotAcceptedUntil:
      'El documento «{credential}» no fue aceptado hasta el {acceptedOn}; la prueba tiene fecha del {testDate}.',
    credentialExpired:
      'El documento «{credential}» venció el {through}; la prueba tiene fecha del {testDate}.',
  },
  keep: {
    heading: 'Informes de prueba',
    link: 'Presentar un informe de prueba',
    keeping: 'Guardando el formulario de prueba y sus organizaciones en este dispositivo…',
    kept: 'Guardado en este dispositivo: el formulario de prueba se abre y funciona sin señal.',
    nothing: 'Ninguno de sus registros le permite presentar informes de prueba todavía.',
    failed:
      'Este dispositivo no pudo guardar el formulario de prueba para usarlo sin señal; funciona mientras haya conexión.',
  },
  home: {
    title: 'Informes de prueba',
    intro:
      'Presente las pruebas que hace, con o sin señal: los informes sin terminar y terminados se guardan en este dispositivo.',
    start: 'Empezar un informe nuevo',
    inProgress: 'En curso en este dispositivo',
    continue: 'Seguir con el informe',
    waiting: 'Esperando para enviarse',
    waitingNote:
      'Guardados en este dispositivo: se envían solos cuando vuelve la conexión, y cada uno se presenta una sola vez.',
    sendNow: 'Enviar ahora',
    sending: 'Enviando…',
    filed: 'Presentados',
    returned: 'Devueltos para corregir',
    correct: 'Corregir el informe',
    nothing: 'Todavía no hay informes en este dispositivo.',
    offline:
      'No tiene conexión. Los informes que presente se guardan en este dispositivo y se envían cuando vuelva la conexión.',
    keptOn: 'Sus organizaciones y sus dispositivos se guardaron en este dispositivo el {date}.',
    notKept:
      'Abra Mis registros una vez con conexión para guardar sus organizaciones en este dispositivo.',
    noOrganization:
      'Ninguno de sus registros le permite presentar informes de prueba: debe ser un probador activo, o administrador de una empresa cuya organización permita que los administradores presenten informes.',
    signInToSend:
      'Su sesión terminó: inicie sesión en Mis registros para enviar los informes que esperan aquí.',
    backToAccount: 'Volver a Mis registros',
    linkNeedsSignal:
      'Este enlace abre el informe con conexión: vuelva a abrirlo cuando tenga señal.',
    reportLine: 'Dispositivo {assembly}, {address}',
    noAssembly: 'Todavía no se eligió el dispositivo',
    startedOn: 'Empezado el {date}',
    testedOn: 'Probado el {date}',
    states: {
      accepted: 'Aceptado',
      pending: 'Esperando la revisión de la organización',
      rejected: 'Rechazado',
      returned: 'Devuelto para corregir',
    },
  },
  form: {
    title: 'Informe de prueba',
    saved: 'Se guarda en este dispositivo mientras escribe.',
    organization: 'Organización',
    assemblyHeading: 'Dispositivo',
    search: 'Busque el dispositivo por su ID, número de serie o dirección',
    searchHint:
      'Escriba el principio del ID del dispositivo, del número de serie o de la dirección.',
    found: 'Dispositivos encontrados: {count}',
    noneFound: 'Ningún dispositivo de esta organización empieza con estas palabras.',
    stillKeeping:
      'Todavía se están guardando los dispositivos en este dispositivo: puede que algunos aún no aparezcan.',
    chooseAssembly: 'Probar {assembly}',
    assemblyLine: '{assembly} ({type}), número de serie {serial}',
    changeAssembly: 'Elegir otro dispositivo',
    whoHeading: 'Probador y equipo',
    whenHeading: 'La prueba',
    company: 'Empresa',
    tester: 'Probador',
    certification: 'Certificación',
    certificationLine: '{agency}, {type}: {number} (vence el {expiresOn})',
    kit: 'Kit de prueba',
    kitLine: '{manufacturer} {model}, número de serie {serial}',
    calibration: 'Calibración',
    calibrationLine: 'Calibrado el {from}, vence el {through}',
    noCalibration: 'Ninguna calibración aceptada de este kit cubre la fecha de la prueba.',
    pleaseChoose: 'Elija una opción',
    testDate: 'Fecha de la prueba',
    kind: 'Tipo de prueba',
    kinds: {
      initial: 'Prueba inicial',
      repair: 'Reparación y nueva prueba',
      replacement: 'Reemplazo',
    },
    repairsHeading: 'Piezas limpiadas o reemplazadas',
    repairsHint: 'Las lecturas de abajo son las de la nueva prueba.',
    partHeading: 'Pieza {number}',
    repairValve: 'Válvula',
    repairPart: 'Pieza',
    repairAction: 'Qué se hizo con la pieza',
    cleaned: 'Limpiada',
    replaced: 'Reemplazada',
    addPart: 'Agregar una pieza',
    removePart: 'Quitar la pieza {number}',
    replacementHeading: 'El dispositivo nuevo',
    replacementHint: 'Las lecturas de abajo son las del dispositivo nuevo.',
    serial: 'Número de serie',
    make: 'Marca',
    model: 'Modelo',
    size: 'Tamaño (pulgadas)',
    readingsHeading: 'Lecturas',
    psidHint: 'En psid, con un decimal, por ejemplo 4.9.',
    inchesHint: 'En pulgadas, por ejemplo 0.75 o 3/4.',
    resultHeading: 'Resultado',
    result: 'Resultado: {result}',
    checksHeading: 'Verificado a la fecha de la prueba',
    checksMet: 'El registro tal como estaba el {date} permite este informe.',
    checksFailed:
      'Tal como estaba el registro en la fecha de la prueba, no se puede presentar este informe:',
    checksWaiting:
      'Elija el dispositivo, el probador, la certificación y el kit para verificarlos con el registro a la fecha de la prueba.',
    linePressure: 'Presión de la línea (psi)',
    linePressureHint: 'Opcional: un número entero, por ejemplo 62.',
    remarks: 'Observaciones',
    remarksHint: 'Opcional. Un informe con observaciones espera la revisión de la organización.',
    attestationLegend: 'Declaración',
    lastHeading: 'Observaciones y declaración',
    attestation: 'Hice esta prueba y las lecturas son verdaderas.',
    continue: 'Continuar',
    back: 'Volver a los informes de prueba',
    notFound: 'Este informe no está en este dispositivo.',
    returnedIntro: 'Este informe vuelve a usted para que lo corrija:',
  },
  check: {
    title: 'Revise sus respuestas antes de presentar',
    change: 'Cambiar',
    none: 'Ninguna',
    file: 'Presentar el informe',
    filing: 'Presentando…',
    fileNote: 'Una vez presentado, el informe se envía enseguida, o en cuanto vuelva la conexión.',
  },
  outcome: {
    acceptedTitle: 'Informe aceptado',
    acceptedText: '{organization} aceptó el informe enseguida: no tenía observaciones.',
    pendingTitle: 'Informe presentado',
    pendingText: 'El informe espera la revisión de {organization}.',
    waitingTitle: 'Informe esperando para enviarse',
    waitingText:
      'No hay conexión: el informe se guarda en este dispositivo y se envía solo cuando vuelva la conexión. Puede cerrar esta página.',
    another: 'Empezar otro informe',
    allReports: 'Todos los informes de prueba',
  },
  errors: {
    organizationRequired: 'Elija la organización.',
    assemblyRequired: 'Elija el dispositivo que probó.',
    testerRequired: 'Elija el probador que hizo la prueba.',
    certificationRequired: 'Elija la certificación con la que se hizo la prueba.',
    kitRequired: 'Elija el kit de prueba usado.',
    kindInvalid: 'Elija el tipo de prueba: inicial, reparación y nueva prueba, o reemplazo.',
    attestationRequired: 'Confirme que hizo esta prueba y que las lecturas son verdaderas.',
    repairsRequired: 'Indique las piezas limpiadas o reemplazadas en la reparación.',
    repairInvalid: 'Nombre cada pieza e indique si se limpió o se reemplazó.',
    repairValveInvalid:
      'Elija una de las válvulas de este dispositivo: un {type} no tiene esa válvula.',
    replacementRequired: 'Escriba el número de serie del dispositivo nuevo.',
    replacementInvalid: 'Revise la marca, el modelo y el tamaño del dispositivo nuevo.',
    remarksTooLong: 'Escriba observaciones de menos de {limit} caracteres.',
    linePressureInvalid:
      'Escriba la presión de la línea en psi, un número entero de 0 a {maximum}.',
  },
};
