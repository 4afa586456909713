import type { EntityManager } from '@mikro-orm/postgresql';
import { ORGANIZATION_DEFAULTS, type TEmailFrequency } from '../../../../shared/constants.js';
import {
  type TOrganizationDirectorySettings,
  ZOrganizationDirectoryOnCreate,
} from '../../../../shared/organization-directory.js';
import type { TOrganizationCredentialRequirement } from '../../../../shared/organization-requirements.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import type { TRegistrationValidity } from '../../../../shared/standing.js';
import { Organization } from '../../db/entities/index.js';
import { fieldError, isUniqueViolationOf } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import {
  checkCredentialRequirements,
  replaceCredentialRequirements,
} from '../credentials/requirements.js';
import { scopeOfActor } from '../organization-access/scope.js';
import { checkAgencies, defaultAgencyIds, replaceAgencies } from './agencies.js';
import {
  directorySlugTaken,
  isDirectorySlugTaken,
  settledDirectorySlug,
} from './directory-settings.js';
import { newFormHash } from './form-hash.js';
import {
  findOrganizationId,
  getOrganization,
  type OrganizationDetail,
  type OrganizationView,
} from './views.js';

// Writing organizations: create (with a new form hash), ensure (the start-up seed), update and
// delete, each audited; names unique case-insensitively. Reading them is views.ts and lists.ts.

/** What staff set on an organization (domain names; each face maps its wire names to these). */
export interface OrganizationInput extends TOrganizationDirectorySettings {
  name: string;
  primaryEmail: string;
  extraEmails: string[];
  reportFrequency: string;
  allowedUntil: string;
  requiredCertifications: number;
  formBanner: string;
  homeBanner: string;
  internalNotes: string;
  /** Absent on create: the default agencies (AWWA, ABPA, ASSE). */
  agencyIds?: number[];
  /** Origins of the sites that may embed the form; empty: any https site. */
  embedOrigins: string[];
  /** Months from a test kit's calibration to the next one. */
  calibrationIntervalMonths: number;
  /** Off: a certification expired before today is refused at registration. */
  acceptExpiredCertifications: boolean;
  /** How long an approval keeps a registration valid. */
  registrationValidity: TRegistrationValidity;
  /** On: a registration is suspended the day a required item expires. */
  suspendOnExpiry: boolean;
  /** On: the organization's own people must use two-step sign-in. */
  requireTwoFactor: boolean;
  /** The credential types it asks for; an edit's list replaces the list. */
  credentialRequirements: TOrganizationCredentialRequirement[];
}

/** An edit: the name may be sent but must not change; absent fields keep their value. */
export type OrganizationChanges = Partial<OrganizationInput>;

function snapshot(view: OrganizationView): Record<string, unknown> {
  const { createdAt: _createdAt, createdOn: _createdOn, status: _status, ...rest } = view;
  return rest;
}

/** A write the database refused for a name or a directory address taken meanwhile: 409 on it. */
function takenMeanwhile(error: unknown): unknown {
  // Two staff saving the same name (or directory address) at once: the unique index decides.
  if (isUniqueViolationOf(error, 'organizations_name_lower_unique')) {
    return fieldError('name', STAFF_MESSAGES.orgNameTaken, 409);
  }
  return isDirectorySlugTaken(error) ? directorySlugTaken() : error;
}

async function nameTakenCheck(em: EntityManager, name: string) {
  if ((await findOrganizationId(em, name)) !== undefined) {
    throw fieldError('name', STAFF_MESSAGES.orgNameTaken, 409);
  }
}

/** Writes a new organization, with its form hash, enabled agencies and requirements. */
async function insertOrganization(
  tx: EntityManager,
  input: OrganizationInput & { agencyIds: number[]; formHash: string },
): Promise<{ id: number; formHash: string }> {
  const organization = tx.create(Organization, {
    name: input.name,
    formHash: input.formHash,
    primaryEmail: input.primaryEmail,
    extraEmails: input.extraEmails,
    reportFrequency: input.reportFrequency as TEmailFrequency,
    allowedUntil: input.allowedUntil,
    requiredCertifications: input.requiredCertifications,
    formBanner: input.formBanner,
    homeBanner: input.homeBanner,
    internalNotes: input.internalNotes,
    embedOrigins: input.embedOrigins,
    calibrationIntervalMonths: input.calibrationIntervalMonths,
    acceptExpiredCertifications: input.acceptExpiredCertifications,
    registrationValidity: input.registrationValidity,
    suspendOnExpiry: input.suspendOnExpiry,
    requireTwoFactor: input.requireTwoFactor,
    directoryEnabled: input.directoryEnabled,
    directorySlug: input.directorySlug,
    directoryIntro: input.directoryIntro,
    directoryDisclaimer: input.directoryDisclaimer,
    directoryNoindex: input.directoryNoindex,
    lastReportSentAt: null,
  });
  await tx.flush();
  await replaceAgencies(tx, organization.id, input.agencyIds);
  await replaceCredentialRequirements(tx, organization.id, input.credentialRequirements);
  await tx.flush();
  return { id: organization.id, formHash: organization.formHash };
}

export async function createOrganization(
  em: EntityManager,
  actor: Actor,
  input: OrganizationInput,
): Promise<OrganizationDetail> {
  await nameTakenCheck(em, input.name);
  const agencyIds = input.agencyIds ?? (await defaultAgencyIds(em));
  await checkAgencies(em, agencyIds);
  await checkCredentialRequirements(em, input.credentialRequirements);
  const formHash = newFormHash();
  const directorySlug = await settledDirectorySlug(em, {
    organizationId: null,
    name: input.name,
    formHash,
    enabled: input.directoryEnabled,
    slug: input.directorySlug,
  });
  try {
    return await em.transactional(async (tx) => {
      const { id } = await insertOrganization(tx, {
        ...input,
        agencyIds,
        formHash,
        directorySlug,
      });
      const created = await getOrganization(tx, id);
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'organization',
        entityId: id,
        before: null,
        after: snapshot(created),
      });
      return created;
    });
  } catch (error) {
    throw takenMeanwhile(error);
  }
}

/**
 * Start-up seeding: the organization with this name, or a new one with the form's defaults
 * and the default agencies (not audited: no staff member made it). Answers its form hash.
 */
export async function ensureOrganization(
  em: EntityManager,
  seed: { name: string; primaryEmail: string; internalNotes: string },
): Promise<{ formHash: string; created: boolean }> {
  const existing = await em.findOne(Organization, { name: seed.name }, { fields: ['formHash'] });
  if (existing) return { formHash: existing.formHash, created: false };
  const agencyIds = await defaultAgencyIds(em);
  const created = await em.transactional((tx) =>
    insertOrganization(tx, {
      ...seed,
      extraEmails: [],
      reportFrequency: ORGANIZATION_DEFAULTS.emailFrequency,
      allowedUntil: ORGANIZATION_DEFAULTS.allowedUntil,
      requiredCertifications: ORGANIZATION_DEFAULTS.requiredCertifications,
      formBanner: ORGANIZATION_DEFAULTS.formBanner,
      homeBanner: '',
      embedOrigins: [],
      calibrationIntervalMonths: ORGANIZATION_DEFAULTS.calibrationIntervalMonths,
      acceptExpiredCertifications: false,
      registrationValidity: 'untilWithdrawn',
      suspendOnExpiry: false,
      requireTwoFactor: false,
      credentialRequirements: [],
      ...ZOrganizationDirectoryOnCreate.parse({}),
      agencyIds,
      formHash: newFormHash(),
    }),
  );
  return { formHash: created.formHash, created: true };
}

/** The changes an organization's own Program manager may make: all but the provider's fields. */
function organizationsOwn(changes: OrganizationChanges): OrganizationChanges {
  const { allowedUntil: _allowedUntil, internalNotes: _internalNotes, ...own } = changes;
  return own;
}

export async function updateOrganization(
  em: EntityManager,
  actor: Actor,
  id: number,
  requested: OrganizationChanges,
): Promise<OrganizationDetail> {
  const before = await getOrganization(em, id);
  // An organization's Program manager changes its own settings; its name, access end and the
  // provider's notes about it stay the provider's, whatever the request carries.
  const changes = scopeOfActor(actor).every ? requested : organizationsOwn(requested);
  if (changes.name !== undefined && changes.name.trim() !== before.name) {
    throw fieldError('name', STAFF_MESSAGES.orgNameImmutable);
  }
  if (changes.agencyIds) await checkAgencies(em, changes.agencyIds);
  if (changes.credentialRequirements) {
    await checkCredentialRequirements(em, changes.credentialRequirements);
  }
  try {
    return await em.transactional(async (tx) => {
      const organization = await tx.findOneOrFail(Organization, { id });
      const { agencyIds, credentialRequirements, name: _name, ...fields } = changes;
      // Absent fields keep their values (assign refuses undefined).
      const present = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      tx.assign(organization, {
        ...present,
        reportFrequency: (fields.reportFrequency ??
          organization.reportFrequency) as TEmailFrequency,
      });
      if (changes.directoryEnabled !== undefined || changes.directorySlug !== undefined) {
        organization.directorySlug = await settledDirectorySlug(tx, {
          organizationId: id,
          name: organization.name,
          formHash: organization.formHash,
          enabled: organization.directoryEnabled,
          slug: organization.directorySlug ?? null,
        });
      }
      if (agencyIds) await replaceAgencies(tx, id, agencyIds);
      if (credentialRequirements) {
        await replaceCredentialRequirements(tx, id, credentialRequirements);
      }
      await tx.flush();
      const after = await getOrganization(tx, id);
      recordAudit(tx, actor, {
        action: 'update',
        entityType: 'organization',
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return after;
    });
  } catch (error) {
    throw takenMeanwhile(error);
  }
}

export async function deleteOrganization(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<OrganizationDetail> {
  const before = await getOrganization(em, id);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(Organization, { id });
    recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'organization',
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
  return before;
}
