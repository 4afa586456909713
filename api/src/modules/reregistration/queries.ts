import { sql } from '../../db/sql.js';

// Re-registration's statements: the registration as the decision needs it (locked), what has
// expired or become required since its approval, and its return to the Review Queue.

export interface ReregistrationRow {
  id: number;
  user_id: number;
  review_state: string;
  standing: 'active' | 'suspended' | 'lapsed';
  valid_through: string | null;
  reregistered: boolean;
  organization_id: number;
  company_id: number | null;
  organization_name: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** What decides whether the registration's person can register again (not locked). */
export const REREGISTRATION_STATE = sql<{ registrationId: number }>(
  'reregistration-state',
  `select r.review_state, r.standing, to_char(r.valid_through, 'YYYY-MM-DD') as valid_through,
          r.reregistered_at is not null as reregistered
     from registrations r where r.id = :registrationId`,
);

/** The registration, locked for the change. */
export const LOCK_REGISTRATION = sql<{ registrationId: number }>(
  'reregistration-lock',
  `select r.id, r.user_id, r.review_state, r.standing,
          to_char(r.valid_through, 'YYYY-MM-DD') as valid_through,
          r.reregistered_at is not null as reregistered, r.organization_id, r.company_id,
          o.name as organization_name, u.email, u.first_name, u.last_name
     from registrations r join organizations o on o.id = r.organization_id
     join users u on u.id = r.user_id
    where r.id = :registrationId
      for update of r`,
);

/**
 * What the registration lacks on :today, by name: each expired certification of a tester who
 * no longer has the organization's number of current ones (a renewal waiting counts by its new
 * date), then each required credential type with no current copy. Rejected items never count.
 */
export const MISSING_ITEMS = sql<{ registrationId: number; today: string }>(
  'reregistration-missing',
  `with r as (
     select r.id, r.user_type, r.organization_id, o.required_certifications
       from registrations r join organizations o on o.id = r.organization_id
      where r.id = :registrationId)
   select item from (
     select concat_ws(' ', c.agency_name, c.type_name, c.number) as item, 1 as part
       from r join certifications c on c.registration_id = r.id
      where r.user_type = 'tester' and c.expires_on < :today::date
        and coalesce((c.renewal->>'expiresOn')::date, c.expires_on) < :today::date
        and (select count(*) from certifications k
              where k.registration_id = r.id and k.review_decision <> 'rejected'
                and coalesce((k.renewal->>'expiresOn')::date, k.expires_on) >= :today::date)
            < r.required_certifications
     union all
     select t.name, 2
       from r join organization_credential_requirements q
         on q.organization_id = r.organization_id and q.required
       join credential_types t on t.id = q.credential_type_id
      where (t.holder = 'company' or r.user_type = 'tester')
        and not exists (
          select 1 from credentials d
           where d.registration_id = r.id and d.credential_type_id = q.credential_type_id
             and d.review_decision <> 'rejected'
             and (d.expires_on is null
                  or coalesce((d.renewal->>'expiresOn')::date, d.expires_on) >= :today::date))
   ) missing order by part, item`,
);

/** Back to the Review Queue as a re-registration (its version moves on). */
export const MARK_REREGISTERED = sql<{ registrationId: number; now: Date }>(
  'reregistration-mark',
  `update registrations
      set review_state = 'pending', reregistered_at = :now, queued_at = :now,
          resume_state = null, review_version = review_version + 1, updated_at = :now
    where id = :registrationId`,
);
