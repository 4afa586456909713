import type { TUserType } from '../../../../shared/constants.js';
import type { TReviewState } from '../../../../shared/review.js';
import { sql } from '../../db/sql.js';
import { associatedCertificationsSql } from '../certifications/queries.js';

// The statements of the changes a person sends from My registrations: their registrations
// locked, what each organization accepts, their own uploads, their company's people and
// organizations, and registering with another organization.

export interface LockedRegistrationRow {
  id: number;
  organization_id: number;
  organization_name: string;
  submission_id: number | null;
  company_id: number | null;
  review_state: TReviewState;
  accept_expired_certifications: boolean;
  /** Whether the organization accepts the agency asked about (:agencyId, 0 for none). */
  accepts_agency: boolean;
}

/**
 * The person's registrations, locked for the change (in id order, as every writer locks them),
 * with what their organizations accept.
 */
export const LOCK_REGISTRATIONS = sql<{ userId: number; agencyId: number }>(
  'account-lock-registrations',
  `select r.id, r.organization_id, o.name as organization_name, r.submission_id, r.company_id,
          r.review_state, o.accept_expired_certifications,
          exists (select 1 from organization_agencies oa
                   where oa.organization_id = o.id and oa.agency_id = :agencyId) as accepts_agency
     from registrations r join organizations o on o.id = r.organization_id
    where r.user_id = :userId
    order by r.id
      for update of r`,
);

/** An agency and a type by id, and whether the agency certifies the type. */
export const AGENCY_AND_TYPE = sql<{ agencyId: number; typeId: number }>(
  'account-agency-and-type',
  `select a.name as agency_name, t.name as type_name,
          exists (select 1 from agency_types x where x.agency_id = a.id and x.type_id = t.id)
            as linked
     from certification_agencies a, certification_types t
    where a.id = :agencyId and t.id = :typeId`,
);

/** Attaches a document the person uploaded through My registrations and nothing uses yet. */
export const CLAIM_OWN_UPLOAD = sql<{ userId: number; documentId: string }>(
  'account-claim-own-upload',
  `update documents set attached_at = now()
    where id = :documentId::uuid and uploaded_by_id = :userId and attached_at is null
   returning id`,
);

export interface CompanyOrganizationRow {
  id: number;
  name: string;
  required_certifications: number;
  accept_expired_certifications: boolean;
  language: string;
}

/**
 * The organizations the company is registered with (a registration of any of its people not
 * rejected), locked against a concurrent change of the company's people.
 */
export const COMPANY_ORGANIZATIONS = sql<{ companyId: number }>(
  'account-company-organizations',
  `select o.id, o.name, o.required_certifications, o.accept_expired_certifications,
          min(r.language) as language
     from registrations r join organizations o on o.id = r.organization_id
    where r.company_id = :companyId and r.review_state <> 'rejected'
    group by o.id
    order by lower(o.name), o.id`,
);

/** Each organization's accepted agencies, with the types each certifies (for its rules). */
export const ACCEPTED_CERTIFICATIONS = sql<{ organizationIds: string }>(
  'account-accepted-certifications',
  `select oa.organization_id, oa.agency_id, a.name as agency_name,
          coalesce(jsonb_object_agg(t.id::text, t.name) filter (where t.id is not null), '{}')
            as types
     from organization_agencies oa
     join certification_agencies a on a.id = oa.agency_id
     left join agency_types x on x.agency_id = oa.agency_id
     left join certification_types t on t.id = x.type_id
    where oa.organization_id = any(array(
      select jsonb_array_elements_text(:organizationIds::jsonb)::int))
    group by oa.organization_id, oa.agency_id, a.name`,
);

export const UNLINK_FROM_COMPANY = sql<{ personId: number; companyId: number }>(
  'account-unlink-from-company',
  'delete from user_companies where user_id = :personId and company_id = :companyId returning user_id',
);

export interface JoinPersonRow {
  id: number;
  type: TUserType;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_id: number | null;
  company_name: string | null;
  registered_here: boolean;
}

/** The person, their company and whether they are registered with the organization. */
const joinPersonText = (lock: string) =>
  `select u.id, u.type, u.first_name, u.last_name, u.email, u.phone, c.id as company_id,
          c.name as company_name,
          exists (select 1 from registrations r
                   where r.user_id = u.id and r.organization_id = :organizationId)
            as registered_here
     from users u
     left join lateral (
       select c.id, c.name from user_companies uc join companies c on c.id = uc.company_id
        where uc.user_id = u.id order by uc.created_at desc, c.id desc limit 1) c on true
    where u.id = :userId ${lock}`;

/** The person locked, for registering them. */
export const JOIN_PERSON = sql<{ userId: number; organizationId: number }>(
  'account-join-person',
  joinPersonText('for update of u'),
);

/** The same, read only: for what the registration would carry (the prefill). */
export const JOIN_PERSON_READ = sql<{ userId: number; organizationId: number }>(
  'account-join-person-read',
  joinPersonText(''),
);

/**
 * Attaches the uploads made for the organization that nothing uses yet (the final submit's
 * rule); answers the ids attached, so a link not among them is not usable.
 */
export const CLAIM_ORGANIZATION_UPLOADS = sql<{ documentIds: string; organizationId: number }>(
  'account-claim-organization-uploads',
  `update documents set attached_at = now()
    where id = any(array(select jsonb_array_elements_text(:documentIds::jsonb)::uuid))
      and organization_id = :organizationId and attached_at is null
   returning id::text`,
);

export interface CurrentCertificationRow {
  agency_id: number | null;
  agency_name: string;
  type_id: number | null;
  type_name: string;
  number: string;
  expires_on: string;
  document_id: string | null;
}

/**
 * Each of the person's certifications once, as their latest registration of it has it (a
 * renewal waiting for review is not current yet).
 */
export const CURRENT_CERTIFICATIONS = sql<{ userId: number }>(
  'account-current-certifications',
  `select distinct on (lower(c.agency_name), lower(c.type_name), lower(btrim(c.number)))
          c.agency_id, c.agency_name, c.type_id, c.type_name, c.number,
          to_char(c.expires_on, 'YYYY-MM-DD') as expires_on, c.document_id
     from certifications c join registrations r on r.id = c.registration_id
    where c.user_id = :userId and r.review_state <> 'rejected'
    order by lower(c.agency_name), lower(c.type_name), lower(btrim(c.number)),
             c.expires_on desc, r.registered_at desc`,
);

export interface CurrentTestKitRow {
  serial: string;
  manufacturer: string;
  model: string;
  calibrated_on: string;
  document_id: string | null;
}

/** Each test kit in use on the person's registrations once, with its latest calibration. */
export const CURRENT_TEST_KITS = sql<{ userId: number }>(
  'account-current-test-kits',
  `select distinct on (lower(btrim(k.serial)), lower(btrim(k.manufacturer)), lower(btrim(k.model)))
          k.serial, k.manufacturer, k.model,
          to_char(k.calibrated_on, 'YYYY-MM-DD') as calibrated_on, k.document_id
     from registrations r
     join test_kits k on k.submission_id = r.submission_id and k.organization_id = r.organization_id
    where r.user_id = :userId and r.review_state <> 'rejected' and k.retired_at is null
    order by lower(btrim(k.serial)), lower(btrim(k.manufacturer)), lower(btrim(k.model)),
             k.calibrated_on desc`,
);

/**
 * The agencies, each with the types it certifies, that any of these organizations accepts: the
 * person's own (registrations not rejected) and their company's when they administer one.
 */
export const CERTIFICATION_OPTIONS = sql<{ userId: number; companyId: number | null }>(
  'account-certification-options',
  `with organizations as (
     select organization_id from registrations
      where user_id = :userId and review_state <> 'rejected'
     union
     select organization_id from registrations
      where company_id = :companyId and review_state <> 'rejected')
   select coalesce(jsonb_object_agg(accepted.key, accepted.value), '{}'::jsonb) as agencies
     from organizations o
     cross join lateral jsonb_each(${associatedCertificationsSql('o.organization_id')}) accepted`,
);
