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
  /** My registrations' way to the test form, and what the device keeps for it. */
  keep: {
    heading: 'Test reports',
    link: 'File a test report',
    keeping: 'Keeping the test form and your organizations on this device…',
    kept: 'Kept on this device: the test form opens and works without signal.',
    nothing: 'None of your registrations lets you file test reports yet.',
    failed:
      'This device could not keep the test form for use without signal; it works while connected.',
  },
  /** The test form's first page: the reports on this device. */
  home: {
    title: 'Test reports',
    intro:
      'File the tests you make, with or without signal: unfinished and finished reports are kept on this device.',
    start: 'Start a new report',
    inProgress: 'In progress on this device',
    continue: 'Continue the report',
    waiting: 'Waiting to be sent',
    waitingNote:
      'Kept on this device: they are sent by themselves when the connection returns, each filed once.',
    sendNow: 'Send now',
    sending: 'Sending…',
    filed: 'Filed',
    returned: 'Returned to you to correct',
    correct: 'Correct the report',
    nothing: 'No reports on this device yet.',
    offline:
      'You are offline. Reports you file are kept on this device and sent when the connection returns.',
    keptOn: 'Your organizations and their assemblies were kept on this device on {date}.',
    notKept:
      'Open My registrations once with a connection to keep your organizations on this device.',
    noOrganization:
      'None of your registrations lets you file test reports: you need to be an active tester, or an admin of a company whose organization lets admins file.',
    signInToSend:
      'Your session has ended: sign in to My registrations to send the reports waiting here.',
    backToAccount: 'Back to My registrations',
    linkNeedsSignal:
      'This link opens the report with a connection: open it again once you have signal.',
    reportLine: 'Assembly {assembly}, {address}',
    noAssembly: 'No assembly chosen yet',
    startedOn: 'Started on {date}',
    testedOn: 'Tested on {date}',
    states: {
      accepted: 'Accepted',
      pending: "Waiting for the organization's review",
      rejected: 'Rejected',
      returned: 'Returned for correction',
    },
  },
  /** The report's form. */
  form: {
    title: 'Test report',
    saved: 'Saved on this device as you type.',
    organization: 'Organization',
    assemblyHeading: 'Assembly',
    search: 'Find the assembly by its ID, serial number or address',
    searchHint: 'Type the start of the assembly ID, the serial number or the street address.',
    found: 'Assemblies found: {count}',
    noneFound: 'No assembly of this organization starts with these words.',
    stillKeeping: 'The assemblies are still being kept on this device: some may not be found yet.',
    chooseAssembly: 'Test {assembly}',
    assemblyLine: '{assembly} ({type}), serial {serial}',
    changeAssembly: 'Choose another assembly',
    whoHeading: 'Tester and equipment',
    whenHeading: 'The test',
    company: 'Company',
    tester: 'Tester',
    certification: 'Certification',
    certificationLine: '{agency}, {type}: {number} (expires {expiresOn})',
    kit: 'Test kit',
    kitLine: '{manufacturer} {model}, serial {serial}',
    calibration: 'Calibration',
    calibrationLine: 'Calibrated on {from}, due {through}',
    noCalibration: 'No accepted calibration of this kit covers the test date.',
    pleaseChoose: 'Please choose',
    testDate: 'Date of the test',
    kind: 'Kind of test',
    kinds: { initial: 'Initial test', repair: 'Repair and retest', replacement: 'Replacement' },
    repairsHeading: 'Parts cleaned or replaced',
    repairsHint: "The readings below are the retest's.",
    partHeading: 'Part {number}',
    repairValve: 'Valve',
    repairPart: 'Part',
    repairAction: 'What was done to the part',
    cleaned: 'Cleaned',
    replaced: 'Replaced',
    addPart: 'Add a part',
    removePart: 'Remove part {number}',
    replacementHeading: 'The new assembly',
    replacementHint: "The readings below are the new assembly's.",
    serial: 'Serial number',
    make: 'Make',
    model: 'Model',
    size: 'Size (inches)',
    readingsHeading: 'Readings',
    psidHint: 'In psid, with one decimal, such as 4.9.',
    inchesHint: 'In inches, such as 0.75 or 3/4.',
    resultHeading: 'Result',
    result: 'Result: {result}',
    checksHeading: 'Checked as of the test date',
    checksMet: 'The record as it stood on {date} allows this report.',
    checksFailed: 'As the record stood on the test date, this report cannot be filed:',
    checksWaiting:
      'Choose the assembly, the tester, the certification and the kit to check them against the record as of the test date.',
    linePressure: 'Line pressure (psi)',
    linePressureHint: 'Optional: a whole number, such as 62.',
    remarks: 'Remarks',
    remarksHint: "Optional. A report with remarks waits for the organization's review.",
    attestationLegend: 'Attestation',
    lastHeading: 'Remarks and attestation',
    attestation: 'I performed this test and the readings are true.',
    continue: 'Continue',
    back: 'Back to test reports',
    notFound: 'This report is not on this device.',
    returnedIntro: 'This report comes back to you to correct:',
  },
  /** The report's last page (check your answers). */
  check: {
    title: 'Check your answers before filing',
    change: 'Change',
    none: 'None',
    file: 'File the report',
    filing: 'Filing…',
    fileNote: 'Once filed, the report is sent at once, or as soon as the connection returns.',
  },
  /** What a report filed came to. */
  outcome: {
    acceptedTitle: 'Report accepted',
    acceptedText: '{organization} accepted the report at once: it was clean.',
    pendingTitle: 'Report filed',
    pendingText: "The report waits for {organization}'s review.",
    waitingTitle: 'Report waiting to be sent',
    waitingText:
      'There is no connection: the report is kept on this device and sent by itself when the connection returns. You can close this page.',
    another: 'Start another report',
    allReports: 'All test reports',
  },
  /** What stops a report from being filed. */
  errors: {
    organizationRequired: 'Please choose the organization.',
    assemblyRequired: 'Please choose the assembly you tested.',
    testerRequired: 'Please choose the tester who tested.',
    certificationRequired: 'Please choose the certification the tester tested under.',
    kitRequired: 'Please choose the test kit used.',
    kindInvalid: 'Please choose the kind of test: initial, repair and retest, or replacement.',
    attestationRequired:
      'Please confirm that you performed this test and that the readings are true.',
    repairsRequired: 'Please list the parts cleaned or replaced in the repair.',
    repairInvalid: 'Please name each part and say whether it was cleaned or replaced.',
    repairValveInvalid: "Please choose one of this assembly's valves: a {type} has no such valve.",
    replacementRequired: "Please enter the new assembly's serial number.",
    replacementInvalid: "Please check the new assembly's make, model and size.",
    remarksTooLong: 'Please keep the remarks under {limit} characters.',
    linePressureInvalid:
      'Please enter the line pressure in psi, a whole number from 0 to {maximum}.',
  },
};
