import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEST_THRESHOLDS,
  TEST_THRESHOLD_MESSAGES,
  ZTestThresholds,
} from './test-readings-thresholds.js';

describe("an organization's thresholds", () => {
  it('keep the default where the field is blank', () => {
    const overrides = ZTestThresholds.parse({ dcCheckMin: '', vbCheckMin: null, rpCheck2Min: 2 });
    expect(overrides).toEqual({ rpCheck2Min: 20 });
    expect({ ...DEFAULT_TEST_THRESHOLDS, ...overrides }).toEqual({
      ...DEFAULT_TEST_THRESHOLDS,
      rpCheck2Min: 20,
    });
    expect(ZTestThresholds.parse({})).toEqual({});
  });

  it('may ask for more than the field test procedures, never less, and within bounds', () => {
    const messages = (input: object) =>
      ZTestThresholds.safeParse(input).error?.issues.map(({ path, message }) => [path[0], message]);
    expect(messages({ rpCheck1Min: '4.9', agGapMin: '0.99' })).toEqual([
      [
        'rpCheck1Min',
        'The field test procedures require at least 5.0 psid; a program may ask for more, never less.',
      ],
      [
        'agGapMin',
        'The field test procedures require at least 1 in.; a program may ask for more, never less.',
      ],
    ]);
    expect(messages({ rpReliefMin: '10.1', agDiameterMultiple: '5' })).toEqual([
      ['rpReliefMin', 'Please enter 10.0 psid or less.'],
      ['agDiameterMultiple', 'Please enter 4 times or less.'],
    ]);
    expect(messages({ dcCheckMin: '1.05', agDiameterMultiple: '2.5', agGapMin: 'one' })).toEqual([
      ['dcCheckMin', TEST_THRESHOLD_MESSAGES.psidInvalid],
      ['agDiameterMultiple', TEST_THRESHOLD_MESSAGES.multipleInvalid],
      ['agGapMin', TEST_THRESHOLD_MESSAGES.inchesInvalid],
    ]);
    expect(messages({ rpReliefMin: '2.0', strictness: 'lax' })?.map(([path]) => path)).toEqual([
      undefined,
    ]);
  });
});
