import type { BenchContext } from '../context.js';
import { timeCalls } from '../harness.js';

// Case 3: company validation with matching (exact, similar name in the state, same address,
// same phone) against every seeded company. A third of the inputs are exact copies of a stored
// company, a third have a typo in the name, a third are new companies.

const CASE = 'company matching';

interface CompanyRow {
  name: string;
  phone: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

/** A one-letter typo in the middle of the name: a possible match, never an exact one. */
function typo(name: string): string {
  const at = Math.floor(name.length / 2);
  return `${name.slice(0, at)}${name[at] === 'x' ? 'y' : 'x'}${name.slice(at + 1)}`;
}

export async function companyMatchingCase(context: BenchContext, scale: string) {
  const { rows } = await context.db.query<CompanyRow>(
    `select name, phone, address1, city, state, zip from companies
      order by id desc limit 200`,
  );
  const { rows: count } = await context.db.query<{ n: number }>(
    'select count(*)::int as n from companies',
  );
  if (rows.length === 0) throw new Error('no companies: seed first');
  const seen = { exact: 0, possible: 0, none: 0 };
  const input = (i: number) => {
    const company = rows[i % rows.length] as CompanyRow;
    const kind = i % 3;
    return {
      companyName: kind === 0 ? company.name : kind === 1 ? typo(company.name) : `Newco ${i} Ltd`,
      companyPhone: kind === 2 ? '' : company.phone,
      companyAddress1: kind === 2 ? `${i} Nowhere Road` : company.address1,
      companyAddress2: '',
      companyCity: company.city,
      companyState: company.state,
      companyZip: company.zip,
    };
  };
  const call = async (i: number) => {
    const response = await fetch(`${context.server.baseUrl}/api/tr/validate/company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyInfo: [input(i)] }),
    });
    const answer = (await response.json()) as { code?: string };
    if (response.status >= 500) throw new Error(`validate/company: HTTP ${response.status}`);
    if (answer.code === 'Found Exact Match') seen.exact++;
    else if (answer.code === 'Found Possible Matches') seen.possible++;
    else if (answer.code === 'No Matches or Errors') seen.none++;
    else throw new Error(`validate/company answered ${answer.code}`);
  };
  await timeCalls(20, call);
  const timing = await timeCalls(context.quick ? 150 : 600, call, context.quick ? 2 : 10);
  if (seen.exact === 0 || seen.possible === 0) {
    context.recorder.fail(CASE, `answers ${JSON.stringify(seen)}: matching found nothing`);
  }
  const label = `${scale}, ${count[0]?.n ?? 0} companies`;
  context.recorder.record({
    case: CASE,
    measure: 'validate p50',
    value: timing.p50,
    unit: 'ms',
    scale: label,
  });
  context.recorder.record({
    case: CASE,
    measure: 'validate p99',
    value: timing.p99,
    unit: 'ms',
    scale: label,
    target: { op: '<=', value: 30 },
  });
}
