import { describe, expect, it } from 'vitest';
import {
  assemblyCompliance,
  DEFAULT_NOTICE_DAYS,
  DEFAULT_RETEST_DAYS,
  reasonOfDayPassing,
  type TComplianceInput,
} from './assembly-compliance.js';
import { DEFAULT_TESTING_RULES, nextTestDue } from './assembly-due.js';
import { todayInProgramZone } from './program-zone.js';
import { ZTestingRules } from './testing-rules.js';

const rules = DEFAULT_TESTING_RULES;
const active = (changes: Partial<TComplianceInput> = {}): TComplianceInput => ({
  status: 'active',
  lastTestedOn: '2025-03-10',
  lastResult: 'pass',
  nextDueOn: '2026-03-10',
  ...changes,
});
const statusOn = (today: string, assembly = active(), with_ = rules) =>
  assemblyCompliance(with_, assembly, today).status;

describe('an assembly’s compliance status', () => {
  it('defaults to a 60-day notice window and a 30-day retest', () => {
    expect(DEFAULT_NOTICE_DAYS).toBe(60);
    expect(DEFAULT_RETEST_DAYS).toBe(30);
    expect(rules.noticeDays).toBe(60);
    expect(rules.retestDays).toBe(30);
  });

  it('is Due on its due date and Overdue the day after, in the program’s time zone around midnight UTC', () => {
    // 03:30 UTC on March 11 is still March 10 in New York; 04:30 UTC on March 11 (EDT) is not.
    const lateEvening = todayInProgramZone(new Date('2026-03-11T03:30:00Z'));
    const nextMorning = todayInProgramZone(new Date('2026-03-12T04:30:00Z'));
    expect(lateEvening).toBe('2026-03-10');
    expect(statusOn(lateEvening)).toBe('due');
    expect(todayInProgramZone(new Date('2026-03-11T04:30:00Z'))).toBe('2026-03-11');
    expect(statusOn('2026-03-11')).toBe('overdue');
    expect(statusOn(nextMorning)).toBe('overdue');
  });

  it('is Due from the notice window’s first day, Compliant the day before it', () => {
    expect(statusOn('2026-01-09')).toBe('due');
    expect(statusOn('2026-01-08')).toBe('compliant');
    const shortWindow = { ...rules, noticeDays: 0 };
    expect(statusOn('2026-03-09', active(), shortWindow)).toBe('compliant');
    expect(statusOn('2026-03-10', active(), shortWindow)).toBe('due');
  });

  it('is Failed through the retest date, then Overdue with the retest date kept', () => {
    const failed = active({
      lastTestedOn: '2026-03-01',
      lastResult: 'fail',
      nextDueOn: '2026-03-01',
    });
    expect(assemblyCompliance(rules, failed, '2026-03-01')).toEqual({
      status: 'failed',
      retestBy: '2026-03-31',
    });
    expect(assemblyCompliance(rules, failed, '2026-03-31')).toEqual({
      status: 'failed',
      retestBy: '2026-03-31',
    });
    expect(assemblyCompliance(rules, failed, '2026-04-01')).toEqual({
      status: 'overdue',
      retestBy: '2026-03-31',
    });
    expect(assemblyCompliance({ ...rules, retestDays: 14 }, failed, '2026-03-15').retestBy).toBe(
      '2026-03-15',
    );
  });

  it('is Compliant again after a passing retest on the retest date’s last day', () => {
    const retestedOn = '2026-03-31';
    const nextDueOn = nextTestDue(rules, {
      hazard: 'high',
      testedOn: retestedOn,
      passed: true,
      dueOn: '2026-03-01',
    });
    expect(nextDueOn).toBe('2027-03-31');
    const retested = active({ lastTestedOn: retestedOn, lastResult: 'pass', nextDueOn });
    expect(assemblyCompliance(rules, retested, retestedOn)).toEqual({
      status: 'compliant',
      retestBy: null,
    });
  });

  it('keeps the anniversary for a test inside the early window: Compliant until the next notice window', () => {
    const dueOn = '2026-06-30';
    const testedOn = '2026-04-15';
    const nextDueOn = nextTestDue(rules, { hazard: 'high', testedOn, passed: true, dueOn });
    expect(nextDueOn).toBe('2027-06-30');
    const tested = active({ lastTestedOn: testedOn, nextDueOn });
    expect(statusOn(testedOn, tested)).toBe('compliant');
    expect(statusOn('2027-05-01', tested)).toBe('due');
    expect(statusOn('2027-04-30', tested)).toBe('compliant');
  });

  it('is Unknown for an assembly never tested, whatever its due date', () => {
    expect(statusOn('2026-03-11', active({ lastTestedOn: null, lastResult: null }))).toBe(
      'unknown',
    );
  });

  it('counts a test on file without a result as passed, as due dates do', () => {
    expect(statusOn('2025-12-01', active({ lastResult: null }))).toBe('compliant');
  });

  it('has no status for an assembly removed or replaced, even one failed or overdue', () => {
    for (const status of ['removed', 'replaced'] as const) {
      expect(assemblyCompliance(rules, active({ status }), '2027-01-01')).toEqual({
        status: null,
        retestBy: null,
      });
      expect(
        assemblyCompliance(rules, active({ status, lastResult: 'fail' }), '2026-03-02').status,
      ).toBeNull();
    }
  });

  it('tells why a day passing changed it', () => {
    expect(reasonOfDayPassing('compliant', 'due')).toBe('notice_window_reached');
    expect(reasonOfDayPassing('due', 'overdue')).toBe('became_overdue');
    expect(reasonOfDayPassing('failed', 'overdue')).toBe('retest_date_passed');
    expect(reasonOfDayPassing(null, 'compliant')).toBe('status_computed');
  });
});

describe('the notice window and retest days on the testing rules form', () => {
  const form = {
    intervalMonths: { high: 12, low: 12 },
    mode: 'anniversary',
    earlyDays: 90,
    endOfMonth: false,
  };

  it('default for a form that does not send them', () => {
    const parsed = ZTestingRules.parse(form);
    expect(parsed.noticeDays).toBe(60);
    expect(parsed.retestDays).toBe(30);
  });

  it('accept 0 to 365 notice days and 1 to 365 retest days, and refuse the rest in the form’s words', () => {
    expect(ZTestingRules.parse({ ...form, noticeDays: 0, retestDays: 1 })).toMatchObject({
      noticeDays: 0,
      retestDays: 1,
    });
    expect(ZTestingRules.parse({ ...form, noticeDays: 365, retestDays: 365 })).toMatchObject({
      noticeDays: 365,
      retestDays: 365,
    });
    const refused = ZTestingRules.safeParse({ ...form, noticeDays: 366, retestDays: 0 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['noticeDays', 'Please enter a number of days from 0 to 365.'],
      ['retestDays', 'Please enter a number of days from 1 to 365.'],
    ]);
  });
});
