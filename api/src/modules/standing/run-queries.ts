import { sql } from '../../db/sql.js';

// The statements of the daily standing run and of an accepted renewal: registrations whose
// period has ended, staff suspensions past their last day, and registrations of organizations
// that suspend on expiry whose required certifications or credentials have expired (or been
// replaced and accepted since). Each answers the registrations among ids :afterId (excluded) to
// :untilId, a window the run walks through every registration: each window costs its rows,
// however many match.

/**
 * Whether registration `r` of organization `o` lacks what an expired item left missing: a
 * tester with fewer accepted current certifications than the organization requires after one
 * expired, or a required credential type whose every copy on it has expired. Only what expired
 * counts: a requirement added after approval is asked at re-registration, not suspended on.
 */
const LACKS_EXPIRED_ITEMS = `(
   (r.user_type = 'tester'
     and exists (select 1 from certifications c
                  where c.registration_id = r.id and c.expires_on < :today::date)
     and (select count(*) from certifications c
           where c.registration_id = r.id and c.expires_on >= :today::date
             and c.review_decision = 'accepted') < o.required_certifications)
   or exists (
     select 1 from organization_credential_requirements q
      where q.organization_id = o.id and q.required
        and exists (select 1 from credentials d
                     where d.registration_id = r.id and d.credential_type_id = q.credential_type_id
                       and d.expires_on < :today::date)
        and not exists (select 1 from credentials d
                         where d.registration_id = r.id
                           and d.credential_type_id = q.credential_type_id
                           and d.review_decision = 'accepted'
                           and (d.expires_on is null or d.expires_on >= :today::date))))`;

/** What expired on a registration, as staff and the person read the reason. */
const EXPIRED_ITEMS = `(select string_agg(item, '; ' order by item) from (
     select concat_ws(' ', c.agency_name, c.type_name, c.number) as item from certifications c
      where c.registration_id = r.id and c.expires_on < :today::date
     union
     select concat_ws(' ', d.type_name, d.number) from credentials d
      where d.registration_id = r.id and d.expires_on < :today::date) expired)`;

export interface LapseRow {
  id: number;
  valid_through: string;
}

/** Registrations not yet lapsed whose period ended before :today. */
export const REGISTRATIONS_TO_LAPSE = sql<{ today: string; afterId: number; untilId: number }>(
  'registrations-to-lapse',
  `select r.id, to_char(r.valid_through, 'YYYY-MM-DD') as valid_through
     from registrations r
    where r.valid_through < :today::date and r.standing <> 'lapsed' and r.id > :afterId and r.id <= :untilId
      and r.review_state <> 'rejected'
    order by r.id`,
);

export interface SuspensionEndRow {
  id: number;
  suspended_until: string;
}

/** Staff suspensions whose last day was before :today. */
export const SUSPENSIONS_ENDED = sql<{ today: string; afterId: number; untilId: number }>(
  'suspensions-ended',
  `select r.id, to_char(r.suspended_until, 'YYYY-MM-DD') as suspended_until
     from registrations r
    where r.standing = 'suspended' and r.suspended_until < :today::date and r.id > :afterId and r.id <= :untilId
    order by r.id`,
);

export interface AutomaticSuspensionRow {
  id: number;
  expired_items: string | null;
}

/**
 * Active approved registrations (one back in review for a renewal counts) of organizations that
 * suspend on expiry (and whose access has not ended) lacking what an expired item left missing.
 */
export const REGISTRATIONS_TO_SUSPEND = sql<{ today: string; afterId: number; untilId: number }>(
  'registrations-to-suspend',
  `select r.id, ${EXPIRED_ITEMS} as expired_items
     from registrations r
     join organizations o on o.id = r.organization_id
    where o.suspend_on_expiry and o.allowed_until >= :today::date
      and (r.review_state = 'approved' or r.resume_state = 'approved')
      and r.standing = 'active' and r.id > :afterId and r.id <= :untilId
      and ${LACKS_EXPIRED_ITEMS}
    order by r.id`,
);

const satisfiedText = (among: string) => `select r.id
     from registrations r join organizations o on o.id = r.organization_id
    where r.standing = 'suspended' and r.suspended_automatically and r.id > :afterId and r.id <= :untilId ${among}
      and not ${LACKS_EXPIRED_ITEMS}
    order by r.id`;

/** Automatic suspensions whose registration no longer lacks anything (a replacement accepted). */
export const SUSPENSIONS_SATISFIED = sql<{ today: string; afterId: number; untilId: number }>(
  'suspensions-satisfied',
  satisfiedText(''),
);

/** The same among :ids (a jsonb list of registration ids). */
export const SUSPENSIONS_SATISFIED_AMONG = sql<{
  today: string;
  ids: string;
  afterId: number;
  untilId: number;
}>(
  'suspensions-satisfied-among',
  satisfiedText('and r.id in (select value::int from jsonb_array_elements_text(:ids::jsonb))'),
);

/** The highest registration id (the end of the run's windows). */
export const LAST_REGISTRATION_ID = sql(
  'registrations-last-id',
  'select coalesce(max(id), 0) as id from registrations',
);
