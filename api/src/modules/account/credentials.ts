import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  ACCOUNT_CODES,
  type TAccountCredentialOptions,
  type TAccountItemAnswer,
  type ZAccountAddCredentialRequest,
  type ZAccountRenewCredentialRequest,
} from '../../../../shared/account.js';
import { MESSAGES } from '../../../../shared/codes.js';
import {
  credentialRecord,
  type TCredential as TCredentialEntered,
  type TCredentialRequirementInfo,
} from '../../../../shared/credentials.js';
import { credentialProblems, type TCredentialType } from '../../../../shared/requirements.js';
import { Credential, Document, type TCredential } from '../../db/entities/index.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { RENEWABLE_STATES } from '../compliance/renewals.js';
import { credentialRequirementsOf } from '../credentials/requirements.js';
import type { AuditedItem } from '../review/items.js';
import { credentialLabel } from '../review/items.js';
import {
  answer,
  type Change,
  change,
  claimUpload,
  fieldProblem,
  queue,
  type Sent,
} from './changes.js';
import {
  CREDENTIAL_COPIES,
  CREDENTIAL_OPTIONS,
  CREDENTIAL_PLACES,
  CREDENTIAL_TYPE,
  type CredentialCopyRow,
  type CredentialOptionRow,
  type CredentialPlaceRow,
  type CredentialTypeRow,
  LOCK_CREDENTIAL_REGISTRATIONS,
} from './credential-queries.js';
import { ADMIN_COMPANY } from './record-queries.js';

// A credential (insurance, a licence, training) renewed or added from My registrations
// (changes.ts): a tester's own, a company admin's for the company. Each copy's organization
// judges it by its own requirement (shared/requirements.ts), refusals answered by organization.

type RenewCredential = z.output<typeof ZAccountRenewCredentialRequest>;
type AddCredential = z.output<typeof ZAccountAddCredentialRequest>;

/** One organization's registration of the item, and its rule for expired items. */
type Place = Pick<
  CredentialCopyRow,
  'organization_id' | 'organization_name' | 'accept_expired_certifications'
>;

const auditedCredential = (item: TCredential, details: string): AuditedItem => ({
  item: 'credential',
  itemId: item.id,
  label: credentialLabel(item),
  decision: item.reviewDecision,
  details,
  document: item.document ? { id: item.document.id, contentType: '', size: 0 } : null,
});

const detailsOf = (expiresOn: string | null | undefined) =>
  expiresOn ? `expires ${expiresOn}` : 'on file';

/**
 * What each organization asks of the type (its requirement; one that no longer asks for it
 * takes the type as it is), by organization id.
 */
async function requirementsByOrganization(
  tx: EntityManager,
  type: CredentialTypeRow,
  places: readonly Place[],
): Promise<Map<number, TCredentialRequirementInfo>> {
  const byOrganization = new Map<number, TCredentialRequirementInfo>();
  for (const organizationId of new Set(places.map((place) => place.organization_id))) {
    const asked = (await credentialRequirementsOf(tx, organizationId)).find(
      (requirement) => requirement.id === type.id,
    );
    byOrganization.set(organizationId, {
      ...type,
      facts: [...type.facts],
      required: asked?.required ?? false,
      minimumCoverage: asked?.minimumCoverage ?? null,
      additionalInsured: asked?.additionalInsured ?? false,
    });
  }
  return byOrganization;
}

/**
 * The places that take the credential, and each organization that refuses it with its first
 * reason. When none takes it, nothing is sent: 422 with every reason by field.
 */
async function judged<P extends Place>(
  c: Change,
  type: CredentialTypeRow,
  places: readonly P[],
  entered: TCredentialEntered,
) {
  const requirements = await requirementsByOrganization(c.tx, type, places);
  const refusedBy: TAccountItemAnswer['refusedBy'] = [];
  const fieldErrors: Record<string, string> = {};
  const taking: { place: P; requirement: TCredentialRequirementInfo }[] = [];
  for (const place of places) {
    const requirement = requirements.get(place.organization_id) as TCredentialRequirementInfo;
    const problems = credentialProblems(entered, type as TCredentialType, requirement, {
      programDate: c.today,
      acceptExpired: place.accept_expired_certifications,
    });
    const [first] = Object.entries(problems);
    if (!first) {
      taking.push({ place, requirement });
      continue;
    }
    for (const [field, message] of Object.entries(problems)) fieldErrors[field] ??= message;
    if (!refusedBy.some((r) => r.organizationName === place.organization_name)) {
      refusedBy.push({ organizationName: place.organization_name, message: first[1] });
    }
  }
  if (taking.length === 0) {
    throw new AppError(422, ACCOUNT_CODES.accountErrors, { fieldErrors });
  }
  return { taking, refusedBy };
}

async function credentialType(c: Change, typeId: number | undefined): Promise<CredentialTypeRow> {
  const [type] = await query<CredentialTypeRow, { typeId: number }>(c.tx, CREDENTIAL_TYPE, {
    typeId: typeId ?? 0,
  });
  if (!type) throw AppError.notFound(MESSAGES.accountItemNotFound);
  return type;
}

const organizationsOf = (places: readonly Place[]) => [
  ...new Set(places.map((place) => place.organization_name)),
];

/**
 * A credential renewed: its new document (and, for a type that expires, a later date), waiting
 * beside each copy the person keeps on a registration approved or waiting for review.
 */
export async function renewCredential(em: EntityManager, userId: number, body: RenewCredential) {
  return change(em, userId, 0, async (c) => {
    const scope = { userId, companyId: c.companyId ?? 0, key: body.key };
    await query(c.tx, LOCK_CREDENTIAL_REGISTRATIONS, scope);
    const copies = (
      await query<CredentialCopyRow, typeof scope>(c.tx, CREDENTIAL_COPIES, scope)
    ).filter((copy) => RENEWABLE_STATES.includes(copy.review_state));
    if (copies.length === 0) throw AppError.notFound(MESSAGES.accountItemNotFound);
    const items = await c.tx.find(
      Credential,
      { id: { $in: copies.map((copy) => copy.id) } },
      { populate: ['document'], orderBy: { id: 'asc' } },
    );
    const [latest] = [...items].sort((a, b) =>
      (b.expiresOn ?? '').localeCompare(a.expiresOn ?? ''),
    );
    const type = await credentialType(c, latest?.credentialType?.id);
    if (type.expires) {
      const date = body.expirationDate;
      if (!date) throw fieldProblem('expirationDate', MESSAGES.fieldRequired);
      if (date <= (latest?.expiresOn ?? '')) {
        throw fieldProblem('expirationDate', MESSAGES.renewalDateNotLater);
      }
      if (date < c.today) throw fieldProblem('expirationDate', MESSAGES.credentialExpired);
    }
    // Facts left blank stay as on file.
    const entered: TCredentialEntered = {
      issuer: body.issuer || latest?.issuer || '',
      number: body.number || latest?.number || '',
      coverage: body.coverage || (latest?.coverage === null ? '' : String(latest?.coverage ?? '')),
      additionalInsured: body.additionalInsured ?? latest?.additionalInsured ?? false,
      expirationDate: type.expires ? body.expirationDate : '',
      documentLink: body.documentLink,
    };
    const { taking, refusedBy } = await judged(c, type, copies, entered);
    await claimUpload(c, body.documentLink, 'documentLink');
    const sent: Sent[] = [];
    for (const { place, requirement } of taking) {
      const item = items.find((candidate) => candidate.id === place.id);
      if (!item) continue;
      const before = auditedCredential(item, detailsOf(item.expiresOn));
      const { credentialTypeId, typeName, holder, ...values } = credentialRecord(
        entered,
        requirement,
      );
      item.renewal = values;
      item.reviewDecision = 'pending';
      item.reviewReason = null;
      item.reviewNote = null;
      const after = {
        ...auditedCredential(item, `renewed, ${detailsOf(values.expiresOn)}`),
        document: { id: body.documentLink, contentType: '', size: 0 },
      };
      sent.push({ registrationId: place.registration_id, before: [before], items: [after] });
    }
    await queue(c, sent);
    return answer(organizationsOf(taking.map((t) => t.place)), refusedBy);
  });
}

/**
 * A credential added: a new row on each registration where the person keeps credentials of its
 * holder (approved or waiting for review) whose organization asks for its type.
 */
export async function addCredential(em: EntityManager, userId: number, body: AddCredential) {
  return change(em, userId, 0, async (c) => {
    const type = await credentialType(c, body.credentialTypeId);
    const places = await query<
      CredentialPlaceRow,
      { userId: number; companyId: number; typeId: number; holder: string; number: string }
    >(c.tx, CREDENTIAL_PLACES, {
      userId,
      companyId: c.companyId ?? 0,
      typeId: type.id,
      holder: type.holder,
      number: type.facts.includes('number') ? body.number : '',
    });
    if (places.length === 0) {
      throw fieldProblem('credentialTypeId', MESSAGES.accountCredentialNotAsked);
    }
    if (places.some((place) => place.on_file)) {
      throw fieldProblem(
        type.facts.includes('number') ? 'number' : 'credentialTypeId',
        MESSAGES.accountCredentialOnFile,
      );
    }
    const open = places
      .filter((place) => RENEWABLE_STATES.includes(place.review_state))
      .map((place) => ({ ...place, registration_id: place.id }));
    if (open.length === 0) throw AppError.conflict(MESSAGES.accountNothingToChange);
    const { taking, refusedBy } = await judged(c, type, open, body);
    await claimUpload(c, body.documentLink, 'documentLink');
    const sent: Sent[] = [];
    for (const { place, requirement } of taking) {
      const record = credentialRecord(body, requirement);
      const item = c.tx.create(Credential, {
        registration: place.id,
        company: type.holder === 'company' ? place.company_id : null,
        credentialType: type.id,
        typeName: type.name,
        holder: type.holder,
        issuer: record.issuer,
        number: record.number,
        coverage: record.coverage,
        additionalInsured: record.additionalInsured,
        expiresOn: record.expiresOn,
        document: c.tx.getReference(Document, body.documentLink),
        renewal: null,
      });
      await c.tx.flush();
      sent.push({
        registrationId: place.id,
        before: [],
        items: [auditedCredential(item, `added, ${detailsOf(record.expiresOn)}`)],
      });
    }
    await queue(c, sent);
    return answer(organizationsOf(taking.map((t) => t.place)), refusedBy);
  });
}

/** The credential types the person's organizations ask of them, each organization's rule. */
export async function credentialOptions(
  em: EntityManager,
  userId: number,
): Promise<TAccountCredentialOptions> {
  const [administered] = await query<{ company_id: number }, { userId: number }>(
    em,
    ADMIN_COMPANY,
    { userId },
  );
  const rows = await query<CredentialOptionRow, { userId: number; companyId: number }>(
    em,
    CREDENTIAL_OPTIONS,
    { userId, companyId: administered?.company_id ?? 0 },
  );
  const types: TAccountCredentialOptions['types'] = [];
  for (const row of rows) {
    let type = types.find((candidate) => candidate.id === row.id);
    if (!type) {
      const { id, name, holder, expires, facts } = row;
      type = { id, name, holder, expires, facts, organizations: [] };
      types.push(type);
    }
    type.organizations.push({
      organizationName: row.organization_name,
      required: row.required,
      minimumCoverage: row.minimum_coverage,
      additionalInsured: row.additional_insured,
    });
  }
  return { types };
}
