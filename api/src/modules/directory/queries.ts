import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDirectoryEntry, TDirectorySort } from '../../../../shared/directory.js';
import { query, type StatementRunner, sql } from '../../db/sql.js';

// The statements of the public directory of approved testers (issue 28): the listing of one
// organization, with its page, count, cities and version, in one statement; and what choosing a
// slug needs to know (the slugs taken, and an organization's name and form hash).

/**
 * A registration (as `r`) that may be listed: a tester's, enrolled, Active, and approved (or
 * approved and back in review for an item sent from My registrations, or for registering again
 * while its period runs). The predicate of registrations_directory_idx, word for word, so the
 * planner reads an organization's candidates from that index alone.
 */
const LISTED_REGISTRATION = `r.enrolled and r.standing = 'active' and r.user_type = 'tester'
       and (r.review_state = 'approved'
            or (r.review_state = 'pending'
                and (r.resume_state = 'approved' or r.reregistered_at is not null)))`;

/**
 * Certifications (as `c`) that count and show: accepted and not expired on :today, the program
 * day (a certification is valid through its expiration day). A renewal waiting for review
 * changes nothing until accepted: the values on file stand.
 */
const CURRENT_CERTIFICATION = `c.review_decision = 'accepted' and c.expires_on >= :today::date`;

/** The order of each sort; the registration's id last, so equal names keep one stable order. */
const ORDER = `case when :sort::text = 'company' then lower(l.company) end nulls last,
         lower(l.last_name), lower(l.first_name), l.id`;

export interface DirectoryListingRow {
  organization_id: number;
  name: string;
  slug: string;
  intro: string | null;
  /** Staff's own; null: the product's words. */
  disclaimer: string | null;
  noindex: boolean;
  embed_origins: string[];
  /** When the database read the listing. */
  as_of: Date;
  /** The version last recorded for the directory and when it was first read (versions.ts). */
  known_version: string | null;
  known_changed_at: Date | null;
  /** md5 of everything the listing shows (see DIRECTORY_LISTING). */
  version: string;
  /** Entries matching the search and the city. */
  total: number;
  entries: TDirectoryEntry[];
  /** Every listed entry's city (not only the matching ones'), once each, alphabetically. */
  cities: string[];
}

/**
 * One organization's directory by its slug, when it is published and the organization's access
 * has not ended; no row otherwise. The listed testers are those of a listed registration
 * (LISTED_REGISTRATION) who have not asked to be hidden and hold at least the organization's
 * required number of current certifications (CURRENT_CERTIFICATION) on that registration; each
 * entry carries those certifications, soonest to expire first.
 *
 * Of them, those whose first name, last name or company name has a word starting with each word
 * of :words (a to_tsquery text, or null for all) and whose company is in :city (case and
 * surrounding spaces ignored, or null for any), sorted by :sort, :limit from :offset (a null
 * limit: all of them), with their count. The cities and the version are of the whole listing,
 * so every page and search of one organization shares them: the version is an md5 of the
 * program day, the organization's public facts and every listed entry as shown, so it changes
 * exactly when something the directory shows does (an approval, a review, a suspension, a hidden
 * tester, an edit, a deletion, an expiry at midnight) and at each new program day.
 */
export type DirectoryListingParams = {
  slug: string;
  today: string;
  words: string | null;
  city: string | null;
  sort: TDirectorySort;
  limit: number | null;
  offset: number;
};

export const DIRECTORY_LISTING = sql<DirectoryListingParams>(
  'directory-listing',
  `with organization as (
     select o.id, o.name, o.directory_slug, o.directory_intro, o.directory_disclaimer,
            o.directory_noindex, o.embed_origins, o.required_certifications,
            dv.version as known_version, dv.changed_at as known_changed_at
       from organizations o
       left join directory_versions dv on dv.organization_id = o.id
      where o.directory_slug = :slug and o.directory_enabled and o.allowed_until >= :today::date
   ),
   listed as (
     select r.id, u.first_name, u.last_name, co.name as company, co.phone as company_phone,
            co.city, co.state, current.certifications
       from organization o
       join registrations r on r.organization_id = o.id and ${LISTED_REGISTRATION}
       join users u on u.id = r.user_id and not u.directory_hidden
       left join companies co on co.id = r.company_id
       cross join lateral (
         select count(*) as held,
                coalesce(jsonb_agg(jsonb_build_object(
                  'agency', c.agency_name, 'type', c.type_name, 'number', c.number,
                  'expiresOn', to_char(c.expires_on, 'YYYY-MM-DD'))
                  order by c.expires_on, c.id), '[]') as certifications
           from certifications c
          where c.registration_id = r.id and ${CURRENT_CERTIFICATION}
       ) current
      where current.held >= o.required_certifications
   ),
   matching as (
     select l.* from listed l
      where (:words::text is null
             or to_tsvector('simple', concat_ws(' ', l.first_name, l.last_name, l.company))
                @@ to_tsquery('simple', :words::text))
        and (:city::text is null or lower(btrim(l.city)) = lower(btrim(:city::text)))
   ),
   page as (
     select l.*, row_number() over (order by ${ORDER}) as position
       from matching l
      order by ${ORDER}
      limit :limit::int offset :offset::int
   )
   select o.id as organization_id, o.name, o.directory_slug as slug, o.directory_intro as intro,
          o.directory_disclaimer as disclaimer, o.directory_noindex as noindex, o.embed_origins,
          now() as as_of, o.known_version, o.known_changed_at,
          md5(jsonb_build_array(:today::text, o.name, o.directory_intro, o.directory_disclaimer,
                                o.directory_noindex)::text
              || coalesce((select string_agg(jsonb_build_array(l.id, l.first_name, l.last_name,
                             l.company, l.company_phone, l.city, l.state, l.certifications)::text,
                             E'\\n' order by l.id) from listed l), '')) as version,
          (select count(*)::int from matching) as total,
          coalesce((select jsonb_agg(jsonb_build_object(
                      'firstName', p.first_name, 'lastName', p.last_name, 'company', p.company,
                      'companyPhone', p.company_phone, 'city', p.city, 'state', p.state,
                      'certifications', p.certifications) order by p.position)
                      from page p), '[]') as entries,
          coalesce((select jsonb_agg(c.city order by lower(c.city), c.city) from (
                      select min(btrim(l.city)) as city from listed l
                       where btrim(coalesce(l.city, '')) <> ''
                       group by lower(btrim(l.city))) c), '[]') as cities
     from organization o`,
);

/** The directory published at a slug (DIRECTORY_LISTING); undefined when none is. */
export async function directoryListing(
  db: EntityManager | StatementRunner,
  params: DirectoryListingParams,
): Promise<DirectoryListingRow | undefined> {
  const [row] = await query<DirectoryListingRow, DirectoryListingParams>(
    db,
    DIRECTORY_LISTING,
    params,
  );
  return row;
}

type SlugsTakenParams = { base: string; organizationId: number | null };

const SLUGS_TAKEN = sql<SlugsTakenParams>(
  'directory-slugs-taken',
  `select directory_slug as slug from organizations
    where (directory_slug = :base or directory_slug ~ ('^' || :base || '-[0-9]+$'))
      and id is distinct from :organizationId::int`,
);

/** Slugs of organizations other than `organizationId` that are `base` or it numbered ("base-2"). */
export async function slugsTaken(em: EntityManager, params: SlugsTakenParams): Promise<string[]> {
  const rows = await query<{ slug: string }, SlugsTakenParams>(em, SLUGS_TAKEN, params);
  return rows.map((row) => row.slug);
}
