import { describe, expect, it } from 'vitest';
import { addDays } from './program-zone.js';
import { checkReportRequest, REPORT_MESSAGES } from './reports.js';

const TODAY = '2026-11-20';
const valid = {
  orgId: 12,
  orgName: 'Springfield Water',
  range: 'All Time',
  rangeStart: '',
  rangeEnd: '',
  deliveryMethod: 'Download',
  recipientEmail: '',
  reportType: 'Users',
};
const errorsOf = (input: object) => {
  const result = checkReportRequest(input, TODAY);
  return result.ok ? {} : result.errors;
};

describe('checkReportRequest', () => {
  it('accepts a download of one organization for all time', () => {
    expect(checkReportRequest(valid, TODAY)).toEqual({
      ok: true,
      request: { organizationId: 12, type: 'users', range: null, delivery: { method: 'download' } },
    });
  });

  it('asks for an organization, and a valid one', () => {
    expect(errorsOf({ ...valid, orgId: '' }).orgId).toBe('Please select an organization.');
    expect(errorsOf({ ...valid, orgId: 'springfield' }).orgId).toBe(
      'Please select a valid organization.',
    );
    expect(errorsOf({ ...valid, orgId: -3 }).orgId).toBe('Please select a valid organization.');
  });

  it('checks date ranges: both dates, order, not in the future', () => {
    const range = { ...valid, range: 'Date Range' };
    expect(errorsOf({ ...range, rangeStart: '', rangeEnd: TODAY })).toEqual({
      rangeStart: REPORT_MESSAGES.startDateRequired,
    });
    expect(errorsOf({ ...range, rangeStart: '2026-11-10', rangeEnd: '2026-11-01' }).rangeEnd).toBe(
      'Date range end must be after date range start.',
    );
    expect(errorsOf({ ...range, rangeStart: '2026-11-10', rangeEnd: '2026-11-21' }).rangeEnd).toBe(
      'Date range cannot be in the future.',
    );
    expect(errorsOf({ ...range, rangeStart: '2026-02-30', rangeEnd: TODAY }).rangeStart).toBe(
      REPORT_MESSAGES.dateInvalid,
    );
    const ok = checkReportRequest({ ...range, rangeStart: '2026-11-01', rangeEnd: TODAY }, TODAY);
    expect(ok.ok && ok.request.range).toEqual({ start: '2026-11-01', end: TODAY });
  });

  it('limits All Organizations to Users and Test Kits over the last 7 days', () => {
    const all = {
      ...valid,
      orgId: 'All',
      range: 'Date Range',
      rangeStart: addDays(TODAY, -7),
      rangeEnd: TODAY,
    };
    expect(checkReportRequest(all, TODAY).ok).toBe(true);
    expect(checkReportRequest({ ...all, reportType: 'Test Kits' }, TODAY).ok).toBe(true);
    expect(errorsOf({ ...all, reportType: 'Service Providers' }).reportType).toBe(
      REPORT_MESSAGES.typeNotForAllOrganizations,
    );
    expect(errorsOf({ ...all, reportType: 'Implementation Integration Files' }).reportType).toBe(
      REPORT_MESSAGES.typeNotForAllOrganizations,
    );
    expect(errorsOf({ ...all, rangeStart: addDays(TODAY, -8) }).rangeStart).toBe(
      REPORT_MESSAGES.allOrganizationsTooFarBack,
    );
    expect(errorsOf({ ...all, range: 'All Time' }).range).toBe(
      REPORT_MESSAGES.allOrganizationsNeedRange,
    );
    const result = checkReportRequest(all, TODAY);
    expect(result.ok && result.request.organizationId).toBeNull();
  });

  it('needs a valid recipient for email delivery', () => {
    const email = { ...valid, deliveryMethod: 'Email' };
    expect(errorsOf({ ...email, recipientEmail: '  ' }).recipientEmail).toBe(
      'Please enter an email.',
    );
    expect(errorsOf({ ...email, recipientEmail: 'clerk@city' }).recipientEmail).toBe(
      'Please enter a valid email.',
    );
    const ok = checkReportRequest({ ...email, recipientEmail: ' clerk@city.gov ' }, TODAY);
    expect(ok.ok && ok.request.delivery).toEqual({ method: 'email', recipient: 'clerk@city.gov' });
  });

  it('needs a report type, and reports the first problem as the message', () => {
    const result = checkReportRequest({ ...valid, reportType: '', orgId: '' }, TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.reportType).toBe('Please select a report type.');
      expect(result.message).toBe('Please select an organization.');
    }
  });

  it('limits the organization name to 255 characters and rejects junk types', () => {
    expect(errorsOf({ ...valid, orgName: 'x'.repeat(256) }).orgName).toBe(
      'Name must be 255 characters or less.',
    );
    expect(checkReportRequest({ ...valid, orgId: { $ne: 1 } }, TODAY).ok).toBe(false);
    expect(checkReportRequest(null, TODAY).ok).toBe(false);
    expect(checkReportRequest('Users', TODAY).ok).toBe(false);
  });
});
