import { randomBytes, randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import type { BenchContext } from '../context.js';
import { acceptedCertification, type OrganizationRef, preUploadedDocuments } from '../fixtures.js';
import { load, round } from '../harness.js';
import { FIRST_NAMES, LAST_NAMES, PLACES, STREETS } from '../words.js';

// Case 2: the final submit of a tester with two certifications and a test kit, documents
// already uploaded, at 16 connections; then again with every tenth email a duplicate (a person
// already registered with the organization), which must cost no more than a success.

const CASE = 'submit';
const CONNECTIONS = 16;

export interface SubmitCaseResult {
  /** Emails registered by the run (the duplicates of the second phase come from here). */
  emails: string[];
}

/** Final-submit bodies: the n-th tester with two certifications and a kit, documents uploaded. */
export async function submitBodies(
  context: BenchContext,
  organization: OrganizationRef,
  submits: number,
) {
  const certification = await acceptedCertification(context.db, organization.id);
  const documents = await preUploadedDocuments(
    context.db,
    context.uploadsDir,
    organization.id,
    submits * 3,
  );
  const runTag = randomBytes(3).toString('hex');
  let next = 0;
  const takeDocument = () => {
    const id = documents[next++];
    if (!id) throw new Error('out of pre-uploaded documents');
    return id;
  };

  return (n: number, email: string) => {
    const [city, state, zip] = PLACES[n % PLACES.length] as readonly [string, string, string];
    const first = FIRST_NAMES[n % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(n * 7) % LAST_NAMES.length] as string;
    return {
      hashValue: organization.hash,
      companyInfo: [
        {
          companyName: `${last} Backflow Bench ${runTag}-${n}`,
          companyPhone: '',
          companyAddress1: `${100 + (n % 9000)} ${STREETS[n % STREETS.length]} Street`,
          companyAddress2: '',
          companyCity: city,
          companyState: state,
          companyZip: zip,
        },
      ],
      userInfo: [
        {
          userType: 'tester',
          userFirstName: first,
          userLastName: last,
          userEmail: email,
          userPhone: '555-0100',
          userCerts: [1, 2].map((c) => ({
            certNum: `BENCH-${runTag}-${n}-${c}`,
            certExp: '2030-06-30',
            ...certification,
            certDocLink: takeDocument(),
          })),
        },
      ],
      testKitInfo: [
        {
          kitSerial: `SN-BENCH-${runTag}-${n}`,
          kitMfr: 'Watts',
          kitModel: 'TK-99',
          kitCalibDate: '2025-04-01',
          kitCalibDocLink: takeDocument(),
        },
      ],
    };
  };
}

/** autocannon's final submit: each sent with a new Idempotency-Key and the body `next` makes. */
export function submitRequest(next: () => object): autocannon.Request {
  return {
    method: 'POST',
    path: '/api/tr/submit/all',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(next()),
    }),
  };
}

export async function submitCase(
  context: BenchContext,
  organization: OrganizationRef,
): Promise<SubmitCaseResult> {
  const submits = context.quick ? 150 : 2500;
  const body = await submitBodies(context, organization, submits * 2);
  const runTag = randomBytes(3).toString('hex');

  const emails: string[] = [];
  const phases = [
    { name: 'unique emails', duplicateEvery: 0 },
    { name: '10% duplicate emails', duplicateEvery: 10 },
  ];
  for (const phase of phases) {
    let sent = 0;
    let expectedRefusals = 0;
    const result = await load({
      url: context.server.baseUrl,
      connections: CONNECTIONS,
      amount: submits,
      // Bounded in time whatever the server's speed.
      duration: context.quick ? 10 : 60,
      requests: [
        submitRequest(() => {
          const n = sent++;
          const duplicate =
            phase.duplicateEvery > 0 && n % phase.duplicateEvery === 0 && emails.length > 0;
          let email = `bench.${runTag}.${phase.duplicateEvery}.${n}@example.com`;
          if (duplicate) {
            email = emails[n % emails.length] as string;
            expectedRefusals++;
          } else if (phase.duplicateEvery === 0) {
            emails.push(email);
          }
          return body(n, email);
        }),
      ],
    });
    if (result.errors || result.serverErrors || result.non2xx !== expectedRefusals) {
      context.recorder.fail(
        CASE,
        `${phase.name}: ${result.errors} errors, ${result.serverErrors} 5xx, ` +
          `${result.non2xx} refusals (expected ${expectedRefusals}) of ${result.total}`,
      );
    }
    const label = phase.duplicateEvery ? 'with 10% duplicates' : 'unique';
    const duplicates = phase.duplicateEvery > 0;
    context.recorder.record({
      case: CASE,
      measure: `${label} submits/s @${CONNECTIONS}`,
      value: round(result.requestsPerSecond, 0),
      unit: '/s',
      target: duplicates ? undefined : { op: '>=', value: 500 },
    });
    context.recorder.record({
      case: CASE,
      measure: `${label} p50`,
      value: result.p50,
      unit: 'ms',
    });
    context.recorder.record({
      case: CASE,
      measure: `${label} p99`,
      value: result.p99,
      unit: 'ms',
      target: { op: '<=', value: 100 },
    });
  }
  return { emails };
}
