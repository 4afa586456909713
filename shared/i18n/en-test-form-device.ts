// The test form's words about the device it is kept on, in English: a returned report's link
// opened on it, signing out of it when it is shared, and My registrations opened on it without
// signal. es-test-form-device.ts has the same keys in Spanish.

const reports = (count: number) =>
  count === 1 ? 'One finished report' : `${count} finished reports`;

export const TEST_FORM_DEVICE_EN = {
  /** A returned report's personal link, when it cannot open the report. */
  returnLink: {
    invalidTitle: 'This link no longer works',
    invalid:
      'The link to correct this report has expired, was used already, or the organization has decided on the report again. If the report still needs correcting, ask the organization for a new link.',
    failedTitle: 'The report could not be opened',
    tooMany:
      'The link was opened too many times in a short while. Wait a minute, then open it again.',
    failed: 'Something went wrong on our side. Open the link again in a few minutes.',
    noSignalTitle: 'No connection',
    signInTitle: 'Sign in to correct the report',
    signIn:
      'This link opens a report returned to you to correct. Sign in to My registrations on this device first: once you are signed in, the report opens here.',
    signInLink: 'Sign in to My registrations',
  },
  /** Signing out while finished reports still wait on the device to be sent. */
  signOut: {
    title: 'Reports not sent yet',
    waiting: ({ count }: { count: number }) =>
      `${reports(count)} on this device ${count === 1 ? 'has' : 'have'} not been sent yet. Signing out removes everything the test form keeps on this device, so ${count === 1 ? 'it' : 'they'} would be lost.`,
    sendFirst: 'To send what waits first, stay signed in and open the test form with a connection.',
    cancel: 'Cancel, stay signed in',
    anyway: 'Sign out anyway',
  },
  /** My registrations opened without a connection, on a device that keeps the test form. */
  offline: {
    kept: 'The test form is kept on this device: you can file test reports without signal, and they are sent when the connection returns.',
  },
};
