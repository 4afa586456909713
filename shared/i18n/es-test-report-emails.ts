import type { TFieldCatalogue } from './field.js';

// The emails about a tester's test reports, in Spanish (see en-test-report-emails.ts).

export const TEST_REPORT_EMAILS_ES: TFieldCatalogue['testReportEmails'] = {
  returnedSubject: 'Corrija su informe de prueba del dispositivo {assembly} para {organization}',
  greeting: 'Hola, {firstName}:',
  returnedIntro:
    '{organization} le devolvió su informe de prueba del dispositivo {assembly} en {address}, probado el {testDate}, para que lo corrija y lo presente de nuevo.',
  returnedReason: 'Qué corregir: {reason}',
  returnedLink:
    'Abra su enlace personal para corregir el informe y presentarlo de nuevo. Funciona hasta el {date} y solo para este informe:',
  returnedOnce:
    'Cuando presente el informe corregido, el enlace deja de funcionar y el informe corregido reemplaza al devuelto.',
};
