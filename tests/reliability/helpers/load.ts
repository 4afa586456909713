import type http from 'node:http';
import { DEV_ADMIN_LOGIN } from '../../../api/src/config.js';
import { companyName, PLACES, streetAddress, unseeded } from '../../../bench/words.js';
import {
  acceptedCertification,
  email,
  type OrganizationFixture,
  person,
  unique,
} from '../../api/registration/fixtures.js';
import { type Answer, call } from './http.js';
import { SUBMIT_PATH, uploadDocument } from './registration.js';

// Load for the reliability checks: a fixed set of call kinds (what the public form and the
// console do), run by a bounded number of workers for a bounded time and request count.

export const CALL_KINDS = ['lookup', 'validate', 'upload', 'submit', 'adminList'] as const;
export type TCallKind = (typeof CALL_KINDS)[number];

export interface Outcome {
  kind: TCallKind;
  /** 0 when the request failed without an answer. */
  status: number;
  ms: number;
  /** When the request was sent, ms since the load started. */
  sentAt: number;
  body: string;
  error?: string;
  idempotencyKey?: string;
}

/**
 * A company as service providers name theirs, as the benchmark data is seeded: spread over the
 * states, names that share a word or two. (Thousands of names alike but for a random tail, all
 * in one state, would measure the worst case of company matching instead;
 * tests/api/registration/company-matching.test.ts covers that one.)
 */
export function plausibleCompany() {
  const [city, state, zip] = unseeded.pick(PLACES);
  return {
    companyName: companyName(unseeded),
    companyPhone: '',
    companyAddress1: streetAddress(unseeded),
    companyAddress2: '',
    companyCity: city,
    companyState: state,
    companyZip: zip,
  };
}

export interface MixTarget {
  base: string;
  organization: OrganizationFixture;
  staffToken: string;
  agent?: http.Agent;
  timeoutMs?: number;
}

/** One request of each kind; uploads feed the documents later submits attach. */
export function mixCalls(target: MixTarget) {
  const documents: string[] = [];
  const options = { agent: target.agent, timeoutMs: target.timeoutMs ?? 10_000 };
  const staff = { authorization: `Bearer ${target.staffToken}` };
  let turn = 0;
  const calls: Record<TCallKind, () => Promise<Answer & { idempotencyKey?: string }>> = {
    lookup: () =>
      call(target.base, 'GET', `/api/tr/get/orginfo/${target.organization.hash}`, options),
    validate: () =>
      turn++ % 2 === 0
        ? call(target.base, 'POST', '/api/tr/validate/company', {
            ...options,
            body: { companyInfo: [plausibleCompany()] },
          })
        : call(target.base, 'POST', '/api/tr/validate/admins', {
            ...options,
            body: { adminInfo: [person(), person()] },
          }),
    upload: async () => {
      const answer = await uploadDocument(
        target.base,
        target.organization.hash,
        undefined,
        options,
      );
      if (answer.status === 200) documents.push(answer.json().message.url);
      return answer;
    },
    submit: async () => {
      const document = documents.shift();
      const idempotencyKey = `reliability-${unique()}${unique()}`;
      const userInfo: Record<string, unknown>[] = [
        person({ userType: 'admin', userEmail: email('load-admin') }),
      ];
      if (document) {
        userInfo.push(
          person({
            userType: 'tester',
            userEmail: email('load-tester'),
            userCerts: [
              {
                certNum: `C-${unique()}`,
                certExp: '2030-06-30',
                ...acceptedCertification(target.organization),
                certDocLink: document,
              },
            ],
          }),
        );
      }
      const answer = await call(target.base, 'POST', SUBMIT_PATH, {
        ...options,
        headers: { 'idempotency-key': idempotencyKey },
        body: {
          hashValue: target.organization.hash,
          companyInfo: [plausibleCompany()],
          userInfo,
          testKitInfo: [],
        },
      });
      return { ...answer, idempotencyKey };
    },
    adminList: () => {
      const which = turn++ % 3;
      if (which === 0) {
        return call(
          target.base,
          'GET',
          `/api/admin/users?sort=${encodeURIComponent('["lastName","ASC"]')}&range=${encodeURIComponent('[0,24]')}`,
          { ...options, headers: staff },
        );
      }
      if (which === 1) {
        return call(target.base, 'GET', '/api/sc/get/org_status/active', {
          ...options,
          headers: staff,
        });
      }
      return call(target.base, 'POST', '/api/sc/get/users_list', {
        ...options,
        headers: staff,
        body: { orgId: target.organization.id, page: 1, searchQuery: '' },
      });
    },
  };
  return calls;
}

export interface LoadRun {
  /** Stops the workers after their current request; answers every outcome. */
  stop(): Promise<Outcome[]>;
  /** Settles when the workers reach their bounds by themselves. */
  finished: Promise<Outcome[]>;
  outcomes: Outcome[];
  startedAt: number;
}

/**
 * `concurrency` workers, each sending one request at a time of the kind `pick` names, until
 * stop() or the bounds (`maxMs`, `maxRequests`) are reached.
 */
export function startLoad(options: {
  concurrency: number;
  maxMs: number;
  maxRequests: number;
  pick: (sequence: number) => TCallKind;
  calls: ReturnType<typeof mixCalls>;
}): LoadRun {
  const outcomes: Outcome[] = [];
  const startedAt = performance.now();
  let stopped = false;
  let sequence = 0;
  const worker = async () => {
    while (
      !stopped &&
      sequence < options.maxRequests &&
      performance.now() - startedAt < options.maxMs
    ) {
      const kind = options.pick(sequence++);
      const sentAt = performance.now() - startedAt;
      const sent = performance.now();
      try {
        const answer = await options.calls[kind]();
        outcomes.push({
          kind,
          status: answer.status,
          ms: answer.ms,
          sentAt,
          body: answer.body,
          idempotencyKey: answer.idempotencyKey,
        });
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).message;
        outcomes.push({
          kind,
          status: 0,
          ms: performance.now() - sent,
          sentAt,
          body: '',
          error: code,
        });
      }
    }
  };
  const workers = Array.from({ length: options.concurrency }, worker);
  return {
    finished: Promise.all(workers).then(() => outcomes),
    outcomes,
    startedAt,
    async stop() {
      stopped = true;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

/** Round robin over the kinds, weighted: `weights` lists each kind as often as it should run. */
export function weighted(weights: Partial<Record<TCallKind, number>>) {
  const order = Object.entries(weights).flatMap(([kind, weight]) =>
    Array.from({ length: weight ?? 0 }, () => kind as TCallKind),
  );
  return (sequence: number) => order[sequence % order.length] as TCallKind;
}

/** A console token for the development admin that a test-mode server seeds on start. */
export async function devAdminToken(base: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/sc/session/login', {
    body: DEV_ADMIN_LOGIN,
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
  return answer.json().verified;
}
