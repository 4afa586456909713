import type { TLanguage } from '../../../shared/i18n/languages.js';
import type { TStepId } from '../app/wizard/step-table.js';

// The events the embedded form (and directory) sends its host page, typed once for both sides:
// the frame (app/embed/frame-bridge.ts, directory/frame.ts) posts them, the loader
// (embed/loader.ts) hands them to the host as `backflow:<name>` DOM events on the iframe and to
// mount()'s onEvent. None carries personal data: no names, emails, companies or typed values.
// docs/embedding.md lists them.

export const EMBED_EVENT_PREFIX = 'backflow:';

export interface TEmbedEventMap {
  /** The organization was found and the form shows, in this language. */
  ready: { orgName: string; language: TLanguage; title: string };
  /**
   * A wizard page shows: its number (0-6 as the spec numbers them; 7 the company's credentials,
   * for an organization that asks for them) and its name.
   */
  step: { page: number; step: TStepId };
  /** Next found problems on a page: which page, and how many (never what they are). */
  validationError: { page: number; step: TStepId; errorCount: number };
  /** The registration was saved to finish later (the address it went to is not told). */
  saved: { page: number; step: TStepId };
  /** The registration was submitted: its user type and how many of each were sent. */
  submitted: {
    userType: 'admin' | 'tester';
    admins: number;
    testers: number;
    certifications: number;
    testKits: number;
  };
  /** The form's height changed (the loader sizes the frame to it). */
  resized: { height: number };
  /** The link opens no form: ORG URL INVALID, ORG URL EXPIRED or FETCH FAILURE. */
  error: { code: string };
  /**
   * The directory of testers shows a search's results (a page of them): how many testers match,
   * which page, and whether a name or a city narrowed it (never what was typed).
   */
  search: { total: number; page: number; filtered: boolean };
}

export type TEmbedEventName = keyof TEmbedEventMap;

/** One event as the host receives it: its name in `type`, then its details. */
export type TEmbedEvent = {
  [Name in TEmbedEventName]: { type: Name } & TEmbedEventMap[Name];
}[TEmbedEventName];

/** The fields a host may fill in advance (embed option `prefill`, or the form's address). */
export const PREFILL_FIELDS = [
  'userType',
  'companyName',
  'companyPhone',
  'companyAddress1',
  'companyAddress2',
  'companyCity',
  'companyState',
  'companyZip',
] as const;
export type TPrefillField = (typeof PREFILL_FIELDS)[number];
