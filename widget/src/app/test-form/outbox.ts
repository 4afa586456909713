import { CODES } from '../../../../shared/codes.js';
import { apiPost } from '../api.js';
import type { TFiledAnswer, TKeptReport } from './draft.js';
import { forgetReport, keepReport, keptReports } from './field-store.js';

// The reports finished on the phone wait here until they are filed: sent by themselves when the
// connection returns (the `online` event), on every visit of the test form or My registrations,
// and now and then while the page is open; each attempt carries the report's key, so however
// often one is sent, the server files it once. A report the server refuses comes back to the
// tester with its reasons; one it cannot answer now (no connection, no session, too many calls)
// waits for the next attempt.

const FILE_API = '/api/account/test-reports';

/** Answers meaning "not now": the report keeps waiting. */
const TRY_AGAIN = new Set<string>([
  CODES.fetchFailure,
  CODES.unauthorized,
  CODES.rateLimited,
  CODES.unavailable,
  CODES.internalError,
]);

const listeners = new Set<() => void>();

/** Called whenever a report changes state (the lists read the store again). */
export function onReportsChanged(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportsChanged() {
  for (const listener of listeners) listener();
}

export interface TSendResult {
  /** The session had ended: the reports wait for the person to sign in again. */
  signedOut: boolean;
  /** Still waiting after this run. */
  waiting: number;
}

function messagesOf(message: unknown): string[] {
  if (typeof message === 'string') return [message];
  const answer = (message ?? {}) as {
    refusals?: { message?: unknown }[];
    fieldErrors?: Record<string, unknown>;
  };
  const texts = [
    ...(answer.refusals ?? []).map((refusal) => refusal.message),
    ...Object.values(answer.fieldErrors ?? {}),
  ];
  return texts.filter((text): text is string => typeof text === 'string');
}

/** Sends one report; answers whether to go on with the next. */
async function send(report: TKeptReport): Promise<'sent' | 'wait' | 'signedOut'> {
  const answer = await apiPost<TFiledAnswer>(FILE_API, report.body);
  const now = new Date().toISOString();
  if (answer.code === CODES.success && answer.message) {
    const { id, state, result, filedAt } = answer.message;
    await keepReport({
      ...report,
      state: 'filed',
      filed: { id, state, result, filedAt },
      updatedAt: now,
    });
    return 'sent';
  }
  if (answer.code === CODES.unauthorized) return 'signedOut';
  if (TRY_AGAIN.has(answer.code)) return 'wait';
  // Refused (TEST_REPORT_REFUSED with the checks' reasons, ACCOUNT ERRORS on its fields, 403,
  // 404): back to the tester with the server's words.
  const returned: TKeptReport = {
    ...report,
    state: 'returned',
    returned: { messages: messagesOf(answer.message) },
    updatedAt: now,
  };
  if (answer.code === CODES.conflict) {
    // The key was filed with another report: corrected, it is filed under a key of its own.
    await forgetReport(report.key);
    await keepReport({ ...returned, key: crypto.randomUUID() });
  } else {
    await keepReport(returned);
  }
  return 'sent';
}

let sending: Promise<TSendResult> | undefined;

/** Sends the person's waiting reports, oldest first, one at a time (many callers share a run). */
export function sendWaiting(personId: number): Promise<TSendResult> {
  sending ??= (async () => {
    const waiting = (await keptReports(personId))
      .filter((report) => report.state === 'waiting' && report.body)
      .reverse();
    let signedOut = false;
    let left = waiting.length;
    for (const report of waiting) {
      const outcome = await send(report);
      if (outcome !== 'sent') {
        signedOut = outcome === 'signedOut';
        break;
      }
      left -= 1;
      reportsChanged();
    }
    return { signedOut, waiting: left };
  })().finally(() => {
    sending = undefined;
  });
  return sending;
}
