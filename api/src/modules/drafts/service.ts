import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { DRAFT_LIFETIME_DAYS } from '../../../../shared/constants.js';
import {
  type TDraftData,
  type TOpenedDraft,
  ZOpenDraftRequest,
  ZSaveDraftRequest,
} from '../../../../shared/drafts.js';
import { languageOf, type TLanguage } from '../../../../shared/i18n/languages.js';
import { fillMessage } from '../../../../shared/registration.js';
import { json, query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.js';
import { stageEmail } from '../email/outbox.js';
import type { LinkCache } from '../registration/link-cache.js';
import { openLinkRow } from '../registration/organization-link.js';
import { UNPROCESSABLE } from '../registration/validation.js';
import { draftLinkEmail } from './email.js';
import { DELETE_EXPIRED_DRAFTS, OPEN_DRAFT, SAVE_DRAFT } from './queries.js';

// Save and finish later. A draft belongs to one organization and one wizard run; its link
// carries a 256-bit token of which only the sha256 is kept, opens that draft alone, and expires
// with it after DRAFT_LIFETIME_DAYS. Nothing here is a registration: staff lists, reports and
// counts never read drafts.

const DAY_MS = 86_400_000;
const EXPIRED_BATCH = 500;

export const draftNotFound = () =>
  new AppError(
    404,
    CODES.draftNotFound,
    fillMessage(MESSAGES.draftLinkInvalid, { days: DRAFT_LIFETIME_DAYS }),
  );

/** The uploads a draft refers to, which the sweep leaves alone while it lives. */
function documentIdsOf(data: TDraftData): string[] {
  const credentialLinks = (credentials: TDraftData['companyCredentials']) =>
    Object.values(credentials ?? {}).map((credential) => credential.documentLink);
  const links = [
    ...data.testers.flatMap((tester) => tester.userCerts.map((cert) => cert.certDocLink)),
    ...data.testKits.map((kit) => kit.kitCalibDocLink),
    ...credentialLinks(data.companyCredentials),
    ...data.testers.flatMap((tester) => credentialLinks(tester.userCredentials)),
  ];
  return [...new Set(links.filter(Boolean).map((link) => link.toLowerCase()))];
}

export interface SaveOptions {
  language: TLanguage;
  publicUrl: string;
  cache?: LinkCache;
  now?: Date;
}

/**
 * Saves the draft and emails its link, both in one transaction (no message without the draft,
 * no draft without its message). A save by the same run replaces the draft and its link.
 */
export async function saveDraft(
  em: EntityManager,
  body: unknown,
  { language, publicUrl, cache, now = new Date() }: SaveOptions,
): Promise<TApiAnswer<string>> {
  const parsed = ZSaveDraftRequest.safeParse(body);
  if (!parsed.success) {
    const emailProblem = parsed.error.issues.find((issue) => issue.path[0] === 'email');
    throw new AppError(UNPROCESSABLE, CODES.draftErrors, {
      draft_errors: emailProblem ? { email: emailProblem.message } : {},
      generalErrors: emailProblem ? [] : [MESSAGES.valueInvalid],
    });
  }
  const { hashValue, runId, email, data } = parsed.data;
  const organization = await openLinkRow(em, hashValue, { cache, now });
  const token = newSecretToken();
  const tokenHash = hashSecretToken(token);
  const link = `${publicUrl}/form/${encodeURIComponent(hashValue)}/resume?lang=${language}#${token}`;
  const params: NonNullable<(typeof SAVE_DRAFT)['params']> = {
    organizationId: organization.id,
    runId,
    tokenHash,
    email,
    language,
    data: json(data),
    expiresAt: new Date(now.getTime() + DRAFT_LIFETIME_DAYS * DAY_MS),
    documentIds: json(documentIdsOf(data)),
  };
  const save = () =>
    em.transactional(async (tx) => {
      const [saved] = await query<{ id: number }, typeof params>(tx, SAVE_DRAFT, params);
      // The run's draft is another organization's: a run id is never shared, so this is no form.
      if (!saved) throw AppError.badRequest();
      stageEmail(
        tx,
        draftLinkEmail({
          draftId: saved.id,
          tokenHash,
          email,
          organizationName: organization.name,
          link,
          days: DRAFT_LIFETIME_DAYS,
          language,
        }),
      );
    });
  await save().catch((error: unknown) => {
    // An upload swept at this very moment: saved again without it.
    if ((error as { code?: unknown }).code === '23503') return save();
    throw error;
  });
  return { code: CODES.success, message: MESSAGES.draftSaved };
}

/** Opens the draft a link's token names (no other), while it and its form's link are open. */
export async function openDraft(
  em: EntityManager,
  body: unknown,
  options: { cache?: LinkCache } = {},
): Promise<TOpenedDraft> {
  const parsed = ZOpenDraftRequest.safeParse(body);
  if (!parsed.success) throw draftNotFound();
  const [row] = await query<
    { run_id: string; language: string; data: TDraftData; form_hash: string },
    { tokenHash: string }
  >(em, OPEN_DRAFT, { tokenHash: hashSecretToken(parsed.data.token) });
  if (!row) throw draftNotFound();
  // A form whose link has expired (or was deleted) opens no draft either.
  await openLinkRow(em, row.form_hash, options);
  return {
    hashValue: row.form_hash,
    runId: row.run_id,
    language: languageOf(row.language) ?? 'en',
    data: row.data,
  };
}

/** Deletes expired drafts; returns how many. Their uploads are left to the upload sweep. */
export async function deleteExpiredDrafts(
  em: EntityManager,
  now: Date = new Date(),
): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await query(em, DELETE_EXPIRED_DRAFTS, { now, limit: EXPIRED_BATCH });
    removed += rows.length;
    if (rows.length < EXPIRED_BATCH) return removed;
  }
}
