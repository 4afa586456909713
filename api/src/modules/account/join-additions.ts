import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { MESSAGES } from '../../../../shared/codes.js';
import type { TUserType } from '../../../../shared/constants.js';
import {
  createCredentialsSchema,
  credentialRecords,
  type TCredentialRules,
} from '../../../../shared/credentials.js';
import {
  createSubmitAllSchema,
  type TCertificationRules,
  ZCertification,
} from '../../../../shared/registration.js';
import {
  emptyFinalErrors,
  finalErrorsFrom,
  hasFinalErrors,
  type TFieldErrors,
  type TFinalErrorsMessage,
  type TIssueLike,
} from '../../../../shared/registration-errors.js';
import { json, query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { linkedOrganization } from '../registration/organization-link.js';
import type { LinkRow } from '../registration/queries.js';
import { cachedByRules } from '../registration/schema-cache.js';
import { finalErrors } from '../registration/submit-checks.js';
import { CLAIM_ORGANIZATION_UPLOADS } from './change-queries.js';
import type { CarriedCredential } from './join-credentials.js';
import { certificationsShort, type JoinCertification, type JoinPlan } from './join-plan.js';

// What a person adds, when registering with another organization from the record, to what the
// record carries: the certifications and credentials that organization needs beyond it, typed
// in its form. They are checked by the rules of the form's final submit for that organization
// (the same messages, at the same places of FINAL ERRORS), their documents must be uploads for
// that organization that nothing uses yet (claimed with the registration), and they are
// recorded on the new registration only, as a submit's would be.

/** What a join sends beside the link, as sent (the rules read it here, not the route). */
export interface SentAdditions {
  userCerts?: unknown;
  userCredentials?: unknown;
  companyCredentials?: unknown;
}

/** The additions as recorded, certifications in the order sent. */
export interface JoinAdditions {
  certifications: (JoinCertification & { documentId: string })[];
  credentials: CarriedCredential[];
}

// Counts are judged with what the record carries (planJoin), so the rules here ask for none;
// a credential type is required of what is carried and added together, not of the additions.
const certificationsSchema = cachedByRules((rules: TCertificationRules) =>
  createSubmitAllSchema({ ...rules, requiredCount: 0 }),
);
const credentialsSchema = cachedByRules((rules: TCredentialRules) =>
  createCredentialsSchema({
    ...rules,
    requirements: rules.requirements.map((requirement) => ({ ...requirement, required: false })),
  }),
);

const isGiven = (value: unknown) =>
  Array.isArray(value)
    ? value.length > 0
    : value !== null && typeof value === 'object' && Object.keys(value).length > 0;

const startsWith = (issue: TIssueLike, prefix: readonly PropertyKey[]) =>
  prefix.every((key, index) => issue.path[index] === key);

/**
 * The additions by the organization's rules, as recorded; FINAL ERRORS with every problem
 * (certifications at certErrors[0][position], the tester's credentials at credentialErrors[0]
 * and the company's at companyCredentialErrors, by type id). An admin gives no certification
 * and no tester's credential: 400. Credentials of types the organization does not ask for are
 * left out, as the submit leaves them.
 */
export function checkedAdditions(
  sent: SentAdditions,
  organization: LinkRow,
  personType: TUserType,
): JoinAdditions {
  if (personType !== 'tester' && (isGiven(sent.userCerts) || isGiven(sent.userCredentials))) {
    throw AppError.badRequest(MESSAGES.accountTestersOnly);
  }
  const { rules, credentialRules } = linkedOrganization(organization);
  // The submit's body with one tester: its issues on anything but the additions are not theirs.
  const body = {
    userInfo: [
      { userType: 'tester', userCerts: sent.userCerts, userCredentials: sent.userCredentials },
    ],
    companyCredentials: sent.companyCredentials,
  };
  const issues: TIssueLike[] = [];
  if (isGiven(sent.userCerts)) {
    const parsed = certificationsSchema(rules).safeParse(body);
    issues.push(
      ...(parsed.error?.issues ?? []).filter((issue) =>
        startsWith(issue, ['userInfo', 0, 'userCerts']),
      ),
    );
  }
  const credentials = credentialRules ? credentialsSchema(credentialRules).safeParse(body) : null;
  issues.push(...(credentials?.error?.issues ?? []));
  if (issues.length > 0) {
    throw finalErrors(finalErrorsFrom(issues, { credentials: Boolean(credentialRules) }));
  }
  const certifications = isGiven(sent.userCerts)
    ? z.array(ZCertification).parse(sent.userCerts)
    : [];
  return {
    certifications: certifications.map((cert) => {
      const agency = rules.agencies[String(cert.certAgency)];
      return {
        agencyId: cert.certAgency,
        agencyName: agency?.agency ?? '',
        typeId: cert.certType,
        typeName: agency?.associatedTypes[String(cert.certType)] ?? '',
        number: cert.certNum,
        expiresOn: cert.certExp,
        documentId: cert.certDocLink,
      };
    }),
    credentials:
      credentials?.data && credentialRules
        ? [
            ...credentialRecords(credentials.data.companyCredentials, credentialRules, 'company'),
            ...credentialRecords(
              credentials.data.userCredentials[0] ?? {},
              credentialRules,
              'tester',
            ),
          ].map((record) => ({ ...record, renewal: null }))
        : [],
  };
}

/** Where a credential's document problem lands: the company's, or the person's (position 0). */
function credentialErrorsOf(
  message: TFinalErrorsMessage,
  credential: CarriedCredential,
): Record<string, TFieldErrors> {
  if (credential.holder === 'company') {
    message.companyCredentialErrors ??= {};
    return message.companyCredentialErrors;
  }
  message.credentialErrors ??= {};
  message.credentialErrors[0] ??= {};
  return message.credentialErrors[0];
}

/**
 * Attaches the additions' documents (the submit's rule: uploads for this organization that
 * nothing uses yet), in the join's transaction; FINAL ERRORS at each link that is not usable
 * (which the transaction's rollback releases with the rest).
 */
export async function claimAdditionDocuments(
  tx: EntityManager,
  organization: Pick<LinkRow, 'id' | 'credential_requirements'>,
  additions: JoinAdditions,
): Promise<void> {
  const links = [
    ...additions.certifications.map((cert) => cert.documentId),
    ...additions.credentials.map((credential) => credential.documentId),
  ];
  if (links.length === 0) return;
  const claimed = new Set(
    (
      await query<{ id: string }, { documentIds: string; organizationId: number }>(
        tx,
        CLAIM_ORGANIZATION_UPLOADS,
        { documentIds: json([...new Set(links)]), organizationId: organization.id },
      )
    ).map((row) => row.id),
  );
  const message = emptyFinalErrors({
    credentials: organization.credential_requirements.length > 0,
  });
  additions.certifications.forEach((cert, position) => {
    if (claimed.has(cert.documentId)) return;
    message.certErrors[0] ??= {};
    message.certErrors[0][position] = { certDocLink: MESSAGES.documentLinkInvalid };
  });
  for (const credential of additions.credentials) {
    if (claimed.has(credential.documentId)) continue;
    const errors = credentialErrorsOf(message, credential);
    errors[String(credential.credentialTypeId)] = { documentLink: MESSAGES.documentLinkInvalid };
  }
  if (hasFinalErrors(message)) throw finalErrors(message);
}

/**
 * The plan with the additions: certifications added after those carried, an added credential
 * in place of the one carried of its type, and what is still needed.
 */
export function withAdditions(
  plan: JoinPlan,
  additions: JoinAdditions,
  organization: Pick<LinkRow, 'required_certifications' | 'credential_requirements'>,
): JoinPlan {
  const added = new Set(additions.credentials.map((credential) => credential.credentialTypeId));
  const order = organization.credential_requirements.map((requirement) => requirement.id);
  const credentials = [
    ...plan.credentials.filter((credential) => !added.has(credential.credentialTypeId)),
    ...additions.credentials,
  ].sort((a, b) => order.indexOf(a.credentialTypeId) - order.indexOf(b.credentialTypeId));
  const certifications = [...plan.certifications, ...additions.certifications];
  return {
    ...plan,
    certifications,
    credentials,
    needs: {
      certifications: certificationsShort(organization, plan.person, certifications.length),
      credentials: plan.needs.credentials.filter((requirement) => !added.has(requirement.id)),
    },
  };
}
