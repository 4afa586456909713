import type { TFieldCatalogue } from './field.js';

// The test form's words about the device it is kept on, in Spanish (see en-test-form-device.ts).

const reports = (count: number) =>
  count === 1 ? 'Un informe terminado' : `${count} informes terminados`;

export const TEST_FORM_DEVICE_ES: TFieldCatalogue['testFormDevice'] = {
  returnLink: {
    invalidTitle: 'Este enlace ya no funciona',
    invalid:
      'El enlace para corregir este informe caducó, ya se usó o la organización volvió a decidir sobre el informe. Si el informe aún necesita correcciones, pida a la organización un enlace nuevo.',
    failedTitle: 'No se pudo abrir el informe',
    tooMany:
      'El enlace se abrió demasiadas veces en poco tiempo. Espere un minuto y vuelva a abrirlo.',
    failed: 'Algo salió mal de nuestro lado. Vuelva a abrir el enlace dentro de unos minutos.',
    noSignalTitle: 'Sin conexión',
    signInTitle: 'Inicie sesión para corregir el informe',
    signIn:
      'Este enlace abre un informe que le devolvieron para corregir. Primero inicie sesión en Mis registros en este dispositivo: en cuanto lo haga, el informe se abrirá aquí.',
    signInLink: 'Iniciar sesión en Mis registros',
  },
  signOut: {
    title: 'Informes aún sin enviar',
    waiting: ({ count }: { count: number }) =>
      `${reports(count)} de este dispositivo aún no se ${count === 1 ? 'ha' : 'han'} enviado. Al cerrar la sesión se borra todo lo que el formulario de prueba guarda en este dispositivo, así que ${count === 1 ? 'se perdería' : 'se perderían'}.`,
    sendFirst:
      'Para enviar antes lo que espera, no cierre la sesión y abra el formulario de prueba con conexión.',
    cancel: 'Cancelar, seguir con la sesión',
    anyway: 'Cerrar la sesión de todos modos',
  },
  offline: {
    kept: 'El formulario de prueba está guardado en este dispositivo: puede presentar informes de prueba sin señal, y se envían cuando vuelve la conexión.',
  },
};
