// The test form's words in English: each valve and reading, the answers, the rule each reading
// is held to (shared/test-readings.ts) and what is wrong with a value typed. en.ts holds them
// under `testReadings`, and es-test-readings.ts has the same keys in Spanish. No imports: the
// rules import these words for their messages, never the other way round.

export const TEST_READINGS_EN = {
  valves: {
    check1: 'Check valve 1',
    reliefValve: 'Relief valve',
    check2: 'Check valve 2',
    shutoffs: 'Shut-off valves',
    airInlet: 'Air inlet',
    check: 'Check valve',
    airGap: 'Air gap',
  },
  labels: {
    check1HeldPsid: 'Check valve 1 held at (psid)',
    check1ClosedTight: 'Did check valve 1 close tight?',
    reliefOpenedPsid: 'Relief valve opened at (psid)',
    check2HeldPsid: 'Check valve 2 held at (psid)',
    check2ClosedTight: 'Did check valve 2 close tight?',
    check2BackpressureTight: 'Was check valve 2 tight against backpressure?',
    shutoff1Tight: 'Was shut-off valve 1 tight?',
    shutoff2Tight: 'Was shut-off valve 2 tight?',
    airInletOpenedPsid: 'Air inlet opened at (psid)',
    airInletFullyOpen: 'Did the air inlet open fully?',
    checkHeldPsid: 'Check valve held at (psid)',
    supplyDiameterInches: 'Supply pipe diameter (inches)',
    airGapInches: 'Air gap measured (inches)',
  },
  answers: {
    tight: 'Tight',
    leaked: 'Leaked',
    openedFully: 'Opened fully',
    notOpenedFully: 'Did not open fully',
    notOpened: 'Did not open',
  },
  results: { pass: 'Pass', fail: 'Fail', incomplete: 'Incomplete' },
  outcomes: { pass: 'Meets the rule', fail: 'Breaks the rule', missing: 'Reading needed' },
  rules: {
    check1Min: 'Check valve 1 held at {reading} psid; it must hold at least {minimum} psid.',
    check1AboveRelief:
      "Check valve 1 held at {reading} psid, {difference} psid above the relief valve's opening at {relief} psid; it must hold at least {minimum} psid above that opening.",
    check1Tight: 'Check valve 1 must close tight.',
    reliefOpens: 'The relief valve did not open; it must open at {minimum} psid or more.',
    reliefMin: 'The relief valve opened at {reading} psid; it must open at {minimum} psid or more.',
    check2Min: 'Check valve 2 held at {reading} psid; it must hold at least {minimum} psid.',
    check2Tight: 'Check valve 2 must close tight.',
    check2Backpressure: 'Check valve 2 must be tight against backpressure.',
    shutoff1Tight: 'Shut-off valve 1 must be tight.',
    shutoff2Tight: 'Shut-off valve 2 must be tight.',
    airInletOpens: 'The air inlet did not open; it must open at {minimum} psid or more.',
    airInletMin: 'The air inlet opened at {reading} psid; it must open at {minimum} psid or more.',
    airInletFullyOpen: 'The air inlet must open fully.',
    checkMin: 'The check valve held at {reading} psid; it must hold at least {minimum} psid.',
    airGapMin: 'The air gap measures {reading} in.; it must be at least {minimum} in.',
    airGapDiameter:
      "The air gap measures {reading} in.; it must be at least {multiple} times the supply pipe's diameter of {diameter} in., that is {minimum} in.",
  },
  problems: {
    psid: {
      empty: 'Please enter the reading in psid, such as 4.9.',
      notANumber: 'Please enter the reading as a number of psid, such as 4.9.',
      tooManyDecimals: 'Please enter the reading with at most one decimal, such as 4.9.',
      negative: 'Please enter a reading of 0.0 psid or more.',
      tooLarge: 'Please enter a reading of at most {maximum} psid.',
    },
    inches: {
      empty: 'Please enter the measurement in inches, such as 0.75 or 3/4.',
      notANumber: 'Please enter the measurement as a number of inches, such as 0.75 or 3/4.',
      tooManyDecimals:
        'Please enter inches with at most two decimals, such as 0.75 or 3/4 (write 3/8 as 0.38).',
      negative: 'Please enter a measurement of 0 inches or more.',
      tooLarge: 'Please enter a measurement of at most {maximum} inches.',
      zero: "Please enter the pipe's diameter: it is more than 0 inches.",
    },
    answer: 'Please choose one of the answers.',
  },
} as const;
