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
};
