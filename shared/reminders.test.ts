import { describe, expect, it } from 'vitest';
import { expiryStatus } from './reminders.js';
import { EXPIRING_SOON_DAYS } from './review.js';

describe("an item's expiry status", () => {
  it('is expired after its day, expiring within the reminders’ 60 days, valid before', () => {
    const today = '2028-02-28';
    expect(expiryStatus('2028-02-27', today)).toEqual({ status: 'expired', daysLeft: -1 });
    expect(expiryStatus('2028-02-28', today)).toEqual({ status: 'expiring', daysLeft: 0 });
    // 2028 is a leap year: 29 February counts.
    expect(expiryStatus('2028-04-28', today)).toEqual({ status: 'expiring', daysLeft: 60 });
    expect(expiryStatus('2028-04-29', today)).toEqual({ status: 'valid', daysLeft: 61 });
  });

  it('flags 30 days ahead on the review screen', () => {
    const today = '2026-11-25';
    expect(expiryStatus('2026-12-25', today, EXPIRING_SOON_DAYS).status).toBe('expiring');
    expect(expiryStatus('2026-12-26', today, EXPIRING_SOON_DAYS).status).toBe('valid');
  });
});
