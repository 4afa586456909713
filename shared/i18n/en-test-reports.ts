// The test report's words in English: the test form, the checks against the record as of the
// test date, the tester's list of reports. They load with the test form only (shared/i18n/field.ts),
// never with the other pages; es-test-reports.ts has the same keys in Spanish.

export const TEST_REPORTS_EN = {
  checks: {
    testDateInvalid: 'Please enter the day of the test.',
    testDateFuture: 'The test is dated {testDate}, which is after today.',
    testDateTooOld:
      'Reports must be filed within {days} days of the test; the test is dated {testDate}.',
    testDateBeforeInstalled:
      'Assembly {assembly} was installed on {installedOn}; the test is dated {testDate}.',
    assemblyRemoved: 'Assembly {assembly} has been removed from service; it cannot be tested.',
    assemblyReplaced:
      'Assembly {assembly} has been replaced; please test the assembly that replaced it.',
    registrationNotActive:
      'The registration of {tester} with {organization} was not active on {testDate}.',
    certificationAgencyNotAccepted: '{organization} does not accept certifications from {agency}.',
    certificationNotAccepted: 'Certification {number} has not been accepted yet.',
    certificationNotAcceptedUntil:
      'Certification {number} was not accepted until {acceptedOn}; the test is dated {testDate}.',
    certificationExpired:
      'Certification {number} expired on {through}; the test is dated {testDate}.',
    calibrationNotAccepted: 'The calibration of kit {kit} has not been accepted yet.',
    calibrationNotAcceptedUntil:
      'The calibration of kit {kit} was not accepted until {acceptedOn}; the test is dated {testDate}.',
    calibrationAfterTest:
      'Kit {kit} was calibrated on {from}, after the test; the test is dated {testDate}.',
    calibrationExpired:
      'The calibration of kit {kit} was valid through {through}; the test is dated {testDate}.',
    credentialNotAccepted: '{credential} has not been accepted yet.',
    credentialNotAcceptedUntil:
      '{credential} was not accepted until {acceptedOn}; the test is dated {testDate}.',
    credentialExpired: '{credential} expired on {through}; the test is dated {testDate}.',
  },
};
