import { describe, expect, it } from 'vitest';
import {
  assemblyTypeOf,
  formatSizeInches,
  INVENTORY_MESSAGES,
  parseDay,
  parseSizeInches,
  ZAssemblyFields,
  ZLocationFields,
} from './assemblies.js';

describe('what exports write', () => {
  it('reads the types by their codes and names', () => {
    expect(assemblyTypeOf('RPZ')).toBe('RP');
    expect(assemblyTypeOf('Reduced Pressure Zone')).toBe('RP');
    expect(assemblyTypeOf('d.c.v.a.')).toBe('DC');
    expect(assemblyTypeOf('Double Check Detector Assembly')).toBe('DCDA');
    expect(assemblyTypeOf('air gap')).toBe('AG');
    expect(assemblyTypeOf('hose bibb')).toBeNull();
  });

  it('reads sizes in inches as plumbers write them, within 1/4 and 24', () => {
    expect(parseSizeInches('3/4')).toBe(0.75);
    expect(parseSizeInches('1 1/2"')).toBe(1.5);
    expect(parseSizeInches('1-1/2 in')).toBe(1.5);
    expect(parseSizeInches('2')).toBe(2);
    expect(parseSizeInches('0.25')).toBe(0.25);
    expect(parseSizeInches('24 inches')).toBe(24);
    expect(parseSizeInches('0.2')).toBeNull();
    expect(parseSizeInches('25')).toBeNull();
    expect(parseSizeInches('3/0')).toBeNull();
    expect(parseSizeInches('big')).toBeNull();
    expect(formatSizeInches(0.75)).toBe('3/4"');
    expect(formatSizeInches(1.5)).toBe('1 1/2"');
    expect(formatSizeInches(6)).toBe('6"');
  });

  it('reads days as ISO, US month/day/year and two-digit years; refuses days the calendar lacks', () => {
    expect(parseDay('2026-03-05')).toBe('2026-03-05');
    expect(parseDay('2026-03-05T00:00:00.000Z')).toBe('2026-03-05');
    expect(parseDay('3/5/2026')).toBe('2026-03-05');
    expect(parseDay('03/05/26')).toBe('2026-03-05');
    expect(parseDay('12/31/69')).toBe('2069-12-31');
    expect(parseDay('1/1/70')).toBe('1970-01-01');
    expect(parseDay('2/29/2025')).toBeNull();
    expect(parseDay('2/29/2024')).toBe('2024-02-29');
    expect(parseDay('13/01/2026')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
  });
});

describe("an assembly's and a location's fields", () => {
  const assembly = {
    assemblyId: 'A-100',
    type: 'rpz',
    hazard: 'High',
    service: 'Fire',
    sizeInches: '2',
    lastTestedOn: '4/1/2026',
    lastResult: 'PASS',
  };

  it('take what a form or a row gives, in the product words', () => {
    expect(ZAssemblyFields.parse(assembly)).toMatchObject({
      assemblyId: 'A-100',
      type: 'RP',
      hazard: 'high',
      service: 'fire',
      sizeInches: 2,
      status: 'active',
      lastTestedOn: '2026-04-01',
      lastResult: 'pass',
      installedOn: null,
    });
  });

  it('refuse each bad field with its message', () => {
    const bad = ZAssemblyFields.safeParse({
      ...assembly,
      assemblyId: ' ',
      type: 'hose bibb',
      hazard: 'medium',
      service: 'pool',
      sizeInches: 'huge',
      installedOn: '2/30/2026',
      lastResult: 'maybe',
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(
      (bad.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      assemblyId: INVENTORY_MESSAGES.assemblyIdRequired,
      type: INVENTORY_MESSAGES.typeInvalid,
      hazard: INVENTORY_MESSAGES.hazardInvalid,
      service: INVENTORY_MESSAGES.serviceInvalid,
      sizeInches: INVENTORY_MESSAGES.sizeInvalid,
      installedOn: INVENTORY_MESSAGES.dateInvalid,
      lastResult: INVENTORY_MESSAGES.resultInvalid,
    });
  });

  it('need the replacing assembly of a replaced one and the date of a result', () => {
    const replaced = ZAssemblyFields.safeParse({ ...assembly, status: 'replaced' });
    expect(replaced.error?.issues[0]).toMatchObject({
      path: ['replacedBy'],
      message: INVENTORY_MESSAGES.replacedByRequired,
    });
    const undated = ZAssemblyFields.safeParse({ ...assembly, lastTestedOn: '' });
    expect(undated.error?.issues[0]?.message).toBe(INVENTORY_MESSAGES.resultWithoutDate);
  });

  it('keep a location’s filled contacts with their language', () => {
    const location = ZLocationFields.parse({
      accountNumber: ' 0042-17 ',
      address1: '12 Elm St',
      city: 'Springfield',
      state: 'il',
      contacts: {
        owner: { name: 'Ana Ruiz', email: 'ana@example.com', language: 'Spanish' },
        tenant: { name: '', email: '' },
      },
    });
    expect(location.accountNumber).toBe('0042-17');
    expect(location.state).toBe('IL');
    expect(location.contacts).toEqual({
      owner: { name: 'Ana Ruiz', email: 'ana@example.com', phone: '', address: '', language: 'es' },
    });
    const bad = ZLocationFields.safeParse({
      accountNumber: '',
      address1: '',
      city: '',
      contacts: { owner: { email: 'nope', language: 'fr' } },
    });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      INVENTORY_MESSAGES.accountNumberRequired,
      INVENTORY_MESSAGES.addressRequired,
      INVENTORY_MESSAGES.cityRequired,
      INVENTORY_MESSAGES.emailInvalid,
      INVENTORY_MESSAGES.languageInvalid,
    ]);
  });
});
