import { describe, expect, it } from 'vitest';
import { random } from '../bench/seed.js';
import {
  type AssemblyFieldsInput,
  FIELD_MAX,
  type LocationFieldsInput,
  parseDay,
  parseSizeInches,
  readAssemblyFields,
  readDay,
  readLocationFields,
  ZAssemblyFields,
  ZDay,
  ZLocationFields,
} from './assemblies.js';
import { isIsoDate } from './registration.js';

// The plain readers the inventory import reads its rows with (readLocationFields,
// readAssemblyFields, readDay) must answer what the schemas answer: the same values, key for
// key, or the same issues (path and message) in the same order. Held to it here at each
// field's edges and on many rows mixing them; parseDay and parseSizeInches, rewritten without
// regular-expression matches, against the versions they replaced.

type Answer = { success: boolean; data?: unknown; issues?: { path: string; message: string }[] };

const ofSchema = (result: {
  success: boolean;
  data?: unknown;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Answer =>
  result.success
    ? { success: true, data: JSON.parse(JSON.stringify(result.data)) }
    : {
        success: false,
        issues: (result.error?.issues ?? []).map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      };

const ofReader = (
  result:
    | { success: true; data: unknown }
    | { success: false; issues: { path: (string | number)[]; message: string }[] },
): Answer =>
  result.success
    ? { success: true, data: JSON.parse(JSON.stringify(result.data)) }
    : {
        success: false,
        issues: result.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      };

/** Both answers, and the data's key order too (JSON.stringify of each). */
function expectSame(reader: Answer, schema: Answer, input: unknown) {
  expect(reader, JSON.stringify(input)).toEqual(schema);
  if (reader.success) expect(JSON.stringify(reader.data)).toBe(JSON.stringify(schema.data));
}

/** A text field's edges: blank, padded, at its bound and past it (also once padded). */
const textEdges = (max: number) => [
  '',
  ' ',
  '\t \n',
  'x',
  '  x  ',
  'a'.repeat(max),
  `  ${'a'.repeat(max)}  `,
  'a'.repeat(max + 1),
  'é'.repeat(max),
  'ß'.repeat(Math.min(max, 3)),
  '😀'.repeat(Math.ceil(max / 2)),
  '=SUM(A1:A3)',
];

const DAYS = [
  '',
  '   ',
  '2026-03-05',
  ' 2026-03-05 ',
  '2026-3-5',
  '2026-03-05T10:00:00Z',
  '2026-03-05 10:00',
  '2026-03-05T',
  '2026-03-05t10',
  '2026-03-05T10\n00',
  '2026-03-055',
  '2026-003-05',
  '20260-03-05',
  '3/5/2026',
  '03/05/26',
  '12/31/69',
  '1/1/70',
  '2/29/2024',
  '2/29/2025',
  '2/29/1900',
  '2/29/2000',
  '13/01/2026',
  '0/1/2026',
  '1/0/2026',
  '1/32/2026',
  '4/31/2026',
  '1/1/026',
  '1/1/20266',
  '001/1/2026',
  '1899-12-31',
  '1900-01-01',
  '2999-12-31',
  '3000-01-01',
  '0999-01-01',
  '2026/03/05',
  '2026-03-05x',
  '45000',
  'yesterday',
  '٢٠٢٦-٠٣-٠٥',
];

const SIZES = [
  '',
  ' ',
  '3/4',
  '3/4"',
  ' 1 1/2 ',
  '1-1/2 in',
  '1 - 1/2',
  '2"',
  '2 inches',
  '2 inch',
  '2in.',
  '2 IN',
  '0.25',
  '0.249',
  '24',
  '24.0001',
  '25',
  '0.2',
  '3/0',
  '0/4',
  '1/4',
  '.5',
  '1.',
  '1.5.5',
  'big',
  '1e1',
  '１',
];

describe('readLocationFields agrees with ZLocationFields', () => {
  const base: LocationFieldsInput = {
    accountNumber: '0042-17',
    name: 'Corner Store',
    address1: '12 Elm St',
    address2: '',
    city: 'Springfield',
    state: 'il',
    zip: '62701',
    notes: '',
    contacts: {},
  };
  const scalars: [keyof LocationFieldsInput, number][] = [
    ['accountNumber', FIELD_MAX.accountNumber],
    ['name', FIELD_MAX.locationName],
    ['address1', FIELD_MAX.address1],
    ['address2', FIELD_MAX.address2],
    ['city', FIELD_MAX.city],
    ['state', FIELD_MAX.state],
    ['zip', FIELD_MAX.zip],
    ['notes', FIELD_MAX.notes],
  ];
  const contactEdges: unknown[] = [
    undefined,
    {},
    { name: 'Ana Ruiz' },
    { name: 'Ana', email: 'ana@example.com', phone: '555', address: 'PO Box 1', language: 'en' },
    { name: '', email: '', phone: '', address: '' },
    { email: 'nope' },
    { email: ` ${'e'.repeat(FIELD_MAX.email)} ` },
    { email: 'e'.repeat(FIELD_MAX.email + 1) },
    { name: 'a'.repeat(FIELD_MAX.contactName + 1), phone: 'p'.repeat(FIELD_MAX.phone + 1) },
    { address: 'a'.repeat(FIELD_MAX.contactAddress + 1) },
    { name: 'x', language: ' Spanish ' },
    { name: 'x', language: 'ES-mx' },
    { name: 'x', language: 'ESPAÑOL' },
    { name: 'x', language: 'English' },
    { name: 'x', language: '  ' },
    { name: 'x', language: null },
    { name: 'x', language: 'fr' },
    { name: 'x', extra: 'dropped' },
    // Not all text: the reader hands these to ZContact itself.
    { name: null },
    { name: 'x', language: 3 },
    null,
    [],
    'owner',
  ];

  it('at each text field’s edges', () => {
    for (const [field, max] of scalars) {
      for (const value of textEdges(max)) {
        const input = { ...base, [field]: value };
        expectSame(
          ofReader(readLocationFields(input)),
          ofSchema(ZLocationFields.safeParse(input)),
          input,
        );
      }
    }
  });

  it('for contacts of every shape, in any role and order', () => {
    for (const role of ['owner', 'manager', 'tenant', 'other']) {
      for (const contact of contactEdges) {
        const input = { ...base, contacts: { [role]: contact } };
        expectSame(
          ofReader(readLocationFields(input)),
          ofSchema(ZLocationFields.safeParse(input)),
          input,
        );
      }
    }
    for (const contacts of [
      undefined,
      null,
      'x',
      [],
      { tenant: { name: 'T' }, owner: { name: 'O' }, manager: { name: 'M' } },
    ]) {
      const input = { ...base, contacts };
      expectSame(
        ofReader(readLocationFields(input)),
        ofSchema(ZLocationFields.safeParse(input)),
        input,
      );
    }
  });

  it('on 4,000 rows mixing every field’s edges', () => {
    const draw = random(17);
    for (let n = 0; n < 4000; n++) {
      const input: LocationFieldsInput = { ...base };
      for (const [field, max] of scalars) {
        if (draw.int(3) === 0)
          (input as unknown as Record<string, unknown>)[field] = draw.pick(textEdges(max));
      }
      input.contacts = {
        owner: draw.pick(contactEdges),
        ...(draw.int(4) === 0 ? { manager: draw.pick(contactEdges) } : {}),
        ...(draw.int(4) === 0 ? { tenant: draw.pick(contactEdges) } : {}),
      };
      expectSame(
        ofReader(readLocationFields(input)),
        ofSchema(ZLocationFields.safeParse(input)),
        input,
      );
    }
  });
});

describe('readAssemblyFields agrees with ZAssemblyFields', () => {
  const base: AssemblyFieldsInput = {
    assemblyId: 'BF-0000001',
    serial: 'A123456',
    type: 'RPZ',
    make: 'Watts',
    model: 'LF009',
    sizeInches: '3/4',
    hazard: 'High',
    service: 'Fire',
    placement: 'Basement',
    installedOn: '05/06/2010',
    status: 'active',
    replacedBy: '',
    lastTestedOn: '2025-04-01',
    lastResult: 'Pass',
  };
  const edges: Record<keyof AssemblyFieldsInput, string[]> = {
    assemblyId: textEdges(FIELD_MAX.assemblyId),
    serial: textEdges(FIELD_MAX.serial),
    make: textEdges(FIELD_MAX.make),
    model: textEdges(FIELD_MAX.model),
    placement: textEdges(FIELD_MAX.placement),
    replacedBy: ['', ' ', 'BF-2', ...textEdges(FIELD_MAX.replacedBy)],
    type: [
      'RP',
      'rpz',
      ' RP ',
      'Double Check Valve Assembly',
      'd.c.v.a.',
      'RPDA',
      'air gap',
      '',
      ' ',
      'hose bibb',
      'constructor',
      'toString',
      '__proto__',
      'AG ',
    ],
    sizeInches: SIZES,
    hazard: ['high', 'HIGH', ' Low ', 'low', '', ' ', 'medium', 'High\n'],
    service: ['domestic', 'Fire', ' IRRIGATION ', '', 'pool', 'fire ', 'fire\t'],
    installedOn: DAYS,
    lastTestedOn: DAYS,
    status: ['active', 'removed', 'replaced', ' REPLACED ', '', ' ', 'gone'],
    lastResult: ['pass', 'FAIL', ' Pass ', '', ' ', 'maybe'],
  };
  const fields = Object.keys(edges) as (keyof AssemblyFieldsInput)[];

  it('at each field’s edges', () => {
    for (const field of fields) {
      for (const value of edges[field]) {
        const input = { ...base, [field]: value };
        expectSame(
          ofReader(readAssemblyFields(input)),
          ofSchema(ZAssemblyFields.safeParse(input)),
          input,
        );
      }
    }
  });

  it('with the object’s own checks: a replacement, a result’s date, after other issues', () => {
    const cases: Partial<AssemblyFieldsInput>[] = [
      { status: 'replaced' },
      { status: 'replaced', replacedBy: ' ' },
      { status: 'replaced', replacedBy: 'x'.repeat(FIELD_MAX.replacedBy + 1) },
      { lastTestedOn: '', lastResult: 'pass' },
      { lastTestedOn: '', lastResult: 'pass', status: 'replaced' },
      { lastTestedOn: 'bad', lastResult: 'pass' },
      { status: 'replaced', serial: 's'.repeat(60) },
      { status: 'replaced', assemblyId: ' ' },
      { status: 'replaced', type: 'hose bibb' },
      { status: 'replaced', sizeInches: 'huge' },
      { status: 'replaced', installedOn: '2/30/2026' },
      { status: 'replaced', hazard: 'medium' },
      { lastResult: 'pass', lastTestedOn: '', placement: 'p'.repeat(300) },
    ];
    for (const change of cases) {
      const input = { ...base, ...change };
      expectSame(
        ofReader(readAssemblyFields(input)),
        ofSchema(ZAssemblyFields.safeParse(input)),
        input,
      );
    }
  });

  it('on 6,000 rows mixing every field’s edges', () => {
    const draw = random(29);
    for (let n = 0; n < 6000; n++) {
      const input: AssemblyFieldsInput = { ...base };
      for (const field of fields) if (draw.int(3) === 0) input[field] = draw.pick(edges[field]);
      expectSame(
        ofReader(readAssemblyFields(input)),
        ofSchema(ZAssemblyFields.safeParse(input)),
        input,
      );
    }
  });
});

describe('readDay agrees with ZDay', () => {
  it('on days as files write them, blank and none', () => {
    for (const value of [...DAYS, null, undefined]) {
      expectSame(ofReader(readDay(value)), ofSchema(ZDay.safeParse(value)), value);
    }
  });
});

describe('parseDay and parseSizeInches, read without match objects', () => {
  // The versions they replaced, as they were.
  function regexParseDay(text: string): string | null {
    const value = text.trim();
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
    const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
    let parts: [number, number, number] | null = null;
    if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (us) {
      const year = Number(us[3]);
      parts = [
        us[3]?.length === 2 ? (year < 70 ? 2000 + year : 1900 + year) : year,
        Number(us[1]),
        Number(us[2]),
      ];
    }
    if (!parts) return null;
    const day = `${parts[0]}-${String(parts[1]).padStart(2, '0')}-${String(parts[2]).padStart(2, '0')}`;
    return isIsoDate(day) ? day : null;
  }
  function regexParseSize(text: string): number | null {
    const cleaned = text
      .trim()
      .toLowerCase()
      .replace(/(inches|inch|in\.?|")$/, '')
      .trim();
    const whole = /^(\d+(?:\.\d+)?)$/.exec(cleaned);
    const fraction = /^(?:(\d+)[\s-]+)?(\d+)\/(\d+)$/.exec(cleaned);
    let size: number | null = null;
    if (whole) size = Number(whole[1]);
    else if (fraction && Number(fraction[3]) > 0) {
      size = Number(fraction[1] ?? 0) + Number(fraction[2]) / Number(fraction[3]);
    }
    if (size === null || !Number.isFinite(size)) return null;
    if (size < 0.25 || size > 24) return null;
    return Math.round(size * 1000) / 1000;
  }

  it('reads every year, month and day from 1890 to 3010 as isIsoDate judges them', () => {
    for (let year = 1890; year <= 3010; year++) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(parseDay(iso), iso).toBe(regexParseDay(iso));
          if (year % 50 === 0 || year < 1905 || year > 2995) {
            const us = `${month}/${day}/${year}`;
            expect(parseDay(us), us).toBe(regexParseDay(us));
          }
        }
      }
    }
  });

  it('answers as the regular expressions did on odd and random text', () => {
    const draw = random(5);
    const pieces = [
      '1',
      '2',
      '9',
      '0',
      '12',
      '2026',
      '26',
      '-',
      '/',
      'T',
      ' ',
      't',
      ':',
      '\n',
      '\u2028',
      'x',
      '.',
      '١',
      '00',
      '999',
    ];
    const texts = [...DAYS];
    for (let n = 0; n < 20000; n++) {
      let text = '';
      for (let k = 1 + draw.int(8); k > 0; k--) text += draw.pick(pieces);
      texts.push(text);
    }
    for (const text of texts)
      expect(parseDay(text), JSON.stringify(text)).toBe(regexParseDay(text));
    const sizePieces = [
      '1',
      '2',
      '3',
      '4',
      '0',
      '24',
      '25',
      '.',
      '/',
      ' ',
      '-',
      '"',
      'in',
      'inch',
      'inches',
      'in.',
      'x',
      'e',
      '\t',
    ];
    const sizes = [...SIZES];
    for (let n = 0; n < 20000; n++) {
      let text = '';
      for (let k = 1 + draw.int(6); k > 0; k--) text += draw.pick(sizePieces);
      sizes.push(text);
    }
    for (const text of sizes)
      expect(parseSizeInches(text), JSON.stringify(text)).toBe(regexParseSize(text));
  });
});
