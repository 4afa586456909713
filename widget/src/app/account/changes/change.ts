import type { TAccountView } from '../../../../../shared/account.js';
import type { TWizardErrors } from '../../wizard/state.js';

// The changes a signed-in person makes on their record, one form open at a time. The record
// (SignedIn.tsx) keeps which is open and the page's error summary; the forms and what a sent
// change came to are a chunk of their own (AccountChanges.tsx), fetched once the record shows.

export type TChange =
  | { kind: 'email' }
  | { kind: 'renew'; key: string }
  | { kind: 'addCertification' }
  | { kind: 'calibration'; key: string }
  | { kind: 'retire'; key: string }
  | { kind: 'addTestKit' }
  | { kind: 'renewCredential'; key: string }
  | { kind: 'addCredential' }
  | { kind: 'addPerson' }
  | { kind: 'removePerson'; id: number }
  | { kind: 'reregister'; id: number };

/** What a sent change came to. */
export type TChangeOutcome =
  /** An item (or a person) for review: where it went, and each organization that refused it. */
  | {
      kind: 'sent';
      sentTo: string[];
      refusedBy: { organizationName: string; message: string }[];
    }
  /** A change answered in words (a kit retired, a person removed, a confirmation link sent). */
  | { kind: 'done'; message: string }
  | { kind: 'errors'; errors: TWizardErrors }
  | { kind: 'signedOut'; message: string };

export interface TChangeResult {
  change: TChange;
  outcome: Extract<TChangeOutcome, { kind: 'sent' | 'done' }>;
}

export interface TChangeFormProps {
  change: TChange;
  view: TAccountView;
  /** The field errors of the last Send, by path (the page's summary lists them). */
  errors: Record<string, string>;
  busy: boolean;
  /** Sends the change (one call at a time); its outcome is shown by the record. */
  send(run: () => Promise<TChangeOutcome>): void;
  cancel(): void;
  /** A call answered 401: the session ended meanwhile. */
  sessionEnded(message: string): void;
  /** A problem outside the fields (no answer to an upload, the choices not loaded). */
  problem(message: string): void;
}
