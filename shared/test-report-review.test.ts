import { describe, expect, it } from 'vitest';
import { readingsSchema } from './test-readings.js';
import { readingsAsTyped, returnedReportLink } from './test-report-review.js';

describe('a returned report, opened again for the test form', () => {
  it('gives back the readings as they were typed, which read again as the same readings', () => {
    const typed = {
      check1HeldPsid: '4.9',
      check1ClosedTight: true,
      reliefOpenedPsid: 'notOpened',
      check2HeldPsid: '10.0',
      check2ClosedTight: false,
      check2BackpressureTight: true,
      shutoff1Tight: true,
      shutoff2Tight: true,
    };
    const kept = readingsSchema('RP').parse(typed);
    expect(kept.check1HeldPsid).toBe(49);
    expect(readingsAsTyped(kept)).toEqual(typed);
    expect(readingsSchema('RP').parse(readingsAsTyped(kept))).toEqual(kept);
  });

  it('writes inches in hundredths back as inches, and leaves out what is not a reading', () => {
    const kept = readingsSchema('AG').parse({ supplyDiameterInches: '3/4', airGapInches: '1.5' });
    expect(readingsAsTyped({ ...kept, result: 'pass' })).toEqual({
      supplyDiameterInches: '0.75',
      airGapInches: '1.5',
    });
  });

  it("links to the test form's own address, the token after the #", () => {
    expect(returnedReportLink('https://tests.example.org/account', 'abc', 'es')).toBe(
      'https://tests.example.org/account/test?lang=es#return=abc',
    );
  });
});
