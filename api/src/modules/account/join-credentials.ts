import type { EntityManager } from '@mikro-orm/postgresql';
import type { TUserType } from '../../../../shared/constants.js';
import {
  credentialRecord,
  type TCredential as TCredentialEntered,
  type TCredentialRecord,
  type TCredentialRequirementInfo,
} from '../../../../shared/credentials.js';
import { credentialProblems, type TJudgedOn } from '../../../../shared/requirements.js';
import {
  Credential,
  Document,
  type TCredentialValues,
  type TRegistration,
} from '../../db/entities/index.js';
import { query } from '../../db/sql.js';
import type { LinkRow } from '../registration/queries.js';
import { CREDENTIALS_ON_FILE, type CredentialOnFileRow } from './credential-queries.js';

// The credentials registering with another organization carries (issue 27): for each type the
// organization asks of the person (a tester's own, and the company's), the one on file that
// runs longest among those its rules take, as the wizard would have recorded it, with a renewal
// waiting beside it when its rules take that too; and each required type with nothing on file
// its rules take, for the caller to ask for (the prefill) or to refuse (join-plan.ts).

/** A credential as the new registration records it, with the renewal waiting beside it. */
export interface CarriedCredential extends TCredentialRecord {
  renewal: TCredentialValues | null;
}

/** Values on file as the rules read an entry (the forms' text). */
function entryOf(values: Omit<TCredentialValues, 'documentId'>, documentId: string) {
  return {
    issuer: values.issuer ?? '',
    number: values.number ?? '',
    coverage: values.coverage === null ? '' : String(values.coverage),
    // A certificate names the organization it was given to as additional insured, not this one:
    // only the registration form asks that of this organization.
    additionalInsured: false,
    expirationDate: values.expiresOn ?? '',
    documentLink: documentId,
  } satisfies TCredentialEntered;
}

/** The entry as recorded for the organization, when its rules take it; null otherwise. */
function taken(
  entry: TCredentialEntered,
  requirement: TCredentialRequirementInfo,
  judged: TJudgedOn,
): TCredentialRecord | null {
  const problems = credentialProblems(entry, requirement, requirement, judged);
  return Object.keys(problems).length === 0 ? credentialRecord(entry, requirement) : null;
}

function carriedFrom(
  row: CredentialOnFileRow,
  requirement: TCredentialRequirementInfo,
  judged: TJudgedOn,
): CarriedCredential | null {
  const record = taken(
    entryOf(
      {
        issuer: row.issuer,
        number: row.number,
        coverage: row.coverage,
        additionalInsured: row.additional_insured,
        expiresOn: row.expires_on,
      },
      row.document_id ?? '',
    ),
    requirement,
    judged,
  );
  if (!record) return null;
  const renewed =
    row.renewal && taken(entryOf(row.renewal, row.renewal.documentId), requirement, judged);
  if (!renewed) return { ...record, renewal: null };
  const { credentialTypeId, typeName, holder, ...renewal } = renewed;
  return { ...record, renewal };
}

/** What the record gives of the credentials an organization asks for, and what it lacks. */
export interface CredentialsToCarry {
  carried: CarriedCredential[];
  /** The required types (the company's first) with nothing on file its rules take. */
  missing: TCredentialRequirementInfo[];
}

/**
 * The credentials the organization's registration of the person takes from the record, and the
 * required types it lacks. Both empty for an organization that asks for none.
 */
export async function credentialsToCarry(
  tx: EntityManager,
  organization: Pick<LinkRow, 'credential_requirements' | 'accept_expired_certifications'>,
  person: { id: number; type: TUserType; companyId: number },
  today: string,
): Promise<CredentialsToCarry> {
  // Admins give no tester's credentials, as in the wizard.
  const asked = organization.credential_requirements.filter(
    (requirement) => requirement.holder === 'company' || person.type === 'tester',
  );
  if (asked.length === 0) return { carried: [], missing: [] };
  const onFile = await query<CredentialOnFileRow, { userId: number; companyId: number }>(
    tx,
    CREDENTIALS_ON_FILE,
    { userId: person.id, companyId: person.companyId },
  );
  const judged = { programDate: today, acceptExpired: organization.accept_expired_certifications };
  const carried: CarriedCredential[] = [];
  const missing: TCredentialRequirementInfo[] = [];
  for (const requirement of asked) {
    let found: CarriedCredential | null = null;
    for (const row of onFile) {
      if (row.credential_type_id !== requirement.id || row.holder !== requirement.holder) continue;
      found = carriedFrom(row, requirement, judged);
      if (found) break;
    }
    if (found) carried.push(found);
    else if (requirement.required) missing.push(requirement);
  }
  return { carried, missing };
}

/** The carried credentials on the new registration, the company's with the company. */
export function recordCarriedCredentials(
  tx: EntityManager,
  registration: TRegistration,
  companyId: number,
  credentials: readonly CarriedCredential[],
): void {
  for (const credential of credentials) {
    tx.create(Credential, {
      registration,
      company: credential.holder === 'company' ? companyId : null,
      credentialType: credential.credentialTypeId,
      typeName: credential.typeName,
      holder: credential.holder,
      issuer: credential.issuer,
      number: credential.number,
      coverage: credential.coverage,
      additionalInsured: credential.additionalInsured,
      expiresOn: credential.expiresOn,
      document: credential.documentId ? tx.getReference(Document, credential.documentId) : null,
      renewal: credential.renewal,
    });
  }
}
