import { z } from 'zod';
import {
  ASSEMBLY_SERVICES,
  ASSEMBLY_STATUSES,
  ASSEMBLY_TYPES,
  CONTACT_LANGUAGES,
  TEST_RESULTS,
} from './assemblies.js';
import { COMPLIANCE_STATUSES } from './assembly-compliance.js';
import { ASSEMBLY_HAZARDS } from './assembly-due.js';
import { USER_TYPES } from './constants.js';
import { MAX_DATABASE_ID } from './registration.js';
import { EXPIRY_STATUSES } from './reminders.js';
import { DOCUMENT_DECISIONS, REVIEW_STATES } from './review.js';
import { STANDINGS } from './standing.js';
import { TEST_REPORT_KINDS, TEST_REPORT_STATES } from './test-reports.js';

// The integration API's wire (issue 29): API keys as the console manages them
// (/api/admin/api-keys) and the read API at /api/v1, in snake_case with ISO 8601 dates.

/** Every secret starts so: secret scanners (and people) recognise a leaked key by it. */
export const API_KEY_PREFIX = 'bfk_live_';
/** Characters of the secret after the prefix the console shows (the key's hint). */
export const API_KEY_HINT_LENGTH = 6;

// ---- API keys (console) ----

export const ZApiKeyCreateRequest = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100, 'At most 100 characters.'),
  /** null: every organization. */
  organization_id: z.number().int().positive().max(MAX_DATABASE_ID).nullable(),
  can_fetch_documents: z.boolean().default(false),
});
export type TApiKeyCreateRequest = z.infer<typeof ZApiKeyCreateRequest>;

export const ZApiKeyResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  can_fetch_documents: z.boolean(),
  /** The prefix and the secret's first characters, to tell keys apart. */
  hint: z.string(),
  /** The creating staff member's email (null once their account is gone). */
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKeyResponse = z.infer<typeof ZApiKeyResponse>;

/** The answer to a create: the record and the secret, shown this once and never again. */
export const ZApiKeyCreatedResponse = ZApiKeyResponse.extend({ secret: z.string() });

// ---- Read API (/api/v1) ----

/** An RFC 9457 problem, with a stable code for programs to compare. */
export const ZProblem = z
  .object({
    type: z.string().meta({ description: 'A URI naming the kind of problem.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().meta({ description: 'Stable; compare this, never the words.' }),
  })
  .meta({ id: 'Problem' });
export type TProblem = z.infer<typeof ZProblem>;

export const API_PAGE_LIMIT = { min: 1, max: 500, default: 100 } as const;

const ZDateTime = z.iso.datetime({ offset: true });

export const ZListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(API_PAGE_LIMIT.min)
    .max(API_PAGE_LIMIT.max)
    .default(API_PAGE_LIMIT.default)
    .meta({ description: 'Rows per page, 1 to 500.' }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The next_cursor of an earlier answer: continue after it.' }),
  updated_since: ZDateTime.optional().meta({
    description: 'Only rows changed at or after this instant (ISO 8601 with an offset).',
  }),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export const ZIdParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_DATABASE_ID),
});
export const ZDocumentParams = z.object({ id: z.uuid() });
export const ZDocumentFileParams = z.object({ token: z.string().max(300) });

/** Every synced row's change time: ISO 8601, UTC, with microseconds. */
const updatedAt = z.string().meta({ description: 'When the row last changed (microseconds).' });
const day = () => z.string().meta({ description: 'A day, YYYY-MM-DD.' });

export const ZApiOrganization = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    status: z.enum(['active', 'inactive']),
    allowed_until: day(),
    created_at: z.string(),
    updated_at: updatedAt,
  })
  .meta({ id: 'Organization', description: 'An organization.' });

export const ZApiRegistration = z
  .object({
    id: z.number().int(),
    person_id: z.number().int(),
    organization_id: z.number().int(),
    company_id: z.number().int().nullable(),
    user_type: z.enum(USER_TYPES).nullable(),
    review_state: z.enum(REVIEW_STATES),
    standing: z.enum(STANDINGS),
    enrolled: z.boolean(),
    submitted_at: z.string(),
    reviewed_at: z.string().nullable(),
    approved_on: day().nullable(),
    valid_through: day()
      .nullable()
      .meta({ description: 'The approval’s last day (null: no end).' }),
    updated_at: updatedAt,
  })
  .meta({ id: 'Registration', description: 'A person’s registration with an organization.' });

export const ZApiPerson = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    user_type: z.enum(USER_TYPES),
    updated_at: updatedAt,
  })
  .meta({ id: 'Person', description: 'A registered person.' });

export const ZApiCompany = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    updated_at: updatedAt,
  })
  .meta({ id: 'Company', description: 'A service provider (testing company).' });

const ZExpiryStatus = z.enum(EXPIRY_STATUSES).meta({
  description: 'On the program’s day: expired after the date, expiring within 60 days, else valid.',
});

export const ZApiCertification = z
  .object({
    id: z.number().int(),
    person_id: z.number().int(),
    registration_id: z.number().int().nullable(),
    agency: z.string(),
    type: z.string(),
    number: z.string(),
    expires_on: day(),
    status: ZExpiryStatus,
    review_decision: z.enum(DOCUMENT_DECISIONS),
    document_id: z.string().nullable(),
    updated_at: updatedAt,
  })
  .meta({ id: 'Certification', description: 'A tester’s certification.' });

export const ZApiTestKit = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    organization_id: z.number().int().nullable(),
    manufacturer: z.string(),
    model: z.string(),
    serial: z.string(),
    calibrated_on: day(),
    calibration_due_on: day().nullable(),
    status: ZExpiryStatus.nullable(),
    review_decision: z.enum(DOCUMENT_DECISIONS),
    retired: z.boolean(),
    document_id: z.string().nullable(),
    updated_at: updatedAt,
  })
  .meta({ id: 'TestKit', description: 'A service provider’s test kit.' });

const ZApiContact = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string().meta({ description: 'A postal address, as one text.' }),
    language: z.enum(CONTACT_LANGUAGES).meta({ description: 'The language notices use.' }),
  })
  .meta({ id: 'Contact', description: 'A contact of a location.' });

export const ZApiLocation = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    account_number: z.string().meta({ description: 'The utility’s account number.' }),
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    notes: z.string(),
    contacts: z.object({
      owner: ZApiContact.optional(),
      manager: ZApiContact.optional(),
      tenant: ZApiContact.optional(),
    }),
    updated_at: updatedAt,
  })
  .meta({ id: 'Location', description: 'A service address of the utility, with its contacts.' });

export const ZApiAssembly = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    location_id: z.number().int(),
    assembly_number: z.string().meta({ description: 'The utility’s own assembly ID.' }),
    serial: z.string(),
    type: z.enum(ASSEMBLY_TYPES),
    make: z.string(),
    model: z.string(),
    size_inches: z.number().nullable(),
    hazard: z.enum(ASSEMBLY_HAZARDS),
    service: z.enum(ASSEMBLY_SERVICES),
    placement: z.string().meta({ description: 'Where it is on the site.' }),
    installed_on: day().nullable(),
    status: z.enum(ASSEMBLY_STATUSES),
    replaced_by_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The assembly that replaced it.' }),
    last_tested_on: day().nullable(),
    last_result: z.enum(TEST_RESULTS).nullable(),
    next_due_on: day()
      .nullable()
      .meta({ description: 'When its next test is due, by the organization’s testing rules.' }),
    compliance_status: z
      .enum(COMPLIANCE_STATUSES)
      .nullable()
      .meta({
        description:
          'Compliant, due (inside the organization’s notice window), overdue, failed (retest by ' +
          'retest_by) or unknown (never tested); null when out of service or not yet computed.',
      }),
    retest_by: day()
      .nullable()
      .meta({ description: 'After a failed test, the last day of its retest.' }),
    updated_at: updatedAt,
  })
  .meta({ id: 'Assembly', description: 'A backflow assembly at a location.' });

export const ZApiTestReport = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    assembly_id: z.number().int(),
    assembly_number: z.string().meta({ description: 'The assembly ID, as the report was filed.' }),
    location_id: z.number().int(),
    kind: z.enum(TEST_REPORT_KINDS),
    test_date: day(),
    result: z.enum(TEST_RESULTS),
    state: z.enum(TEST_REPORT_STATES),
    readings: z
      .record(z.string(), z.union([z.number(), z.boolean(), z.literal('not_opened')]))
      .meta({
        description:
          'The readings of the assembly’s type by name (check1_held_psid …): psid and inches ' +
          'as numbers, yes/no answers as booleans, not_opened for a valve that did not open.',
      }),
    tester_name: z.string(),
    certification_number: z.string(),
    kit_serial: z.string(),
    filed_at: z.string(),
    decided_at: z
      .string()
      .nullable()
      .meta({ description: 'When it was accepted, rejected or returned.' }),
    updated_at: updatedAt,
  })
  .meta({ id: 'TestReport', description: 'A test report filed on an assembly.' });

/** One page of a list: the rows, where to continue, and whether more are there now. */
export function pageOf<T extends z.ZodType>(row: T, id: string) {
  return z
    .object({
      data: z.array(row),
      next_cursor: z.string().nullable().meta({
        description: 'Continue after this page; kept after the last page to ask again for changes.',
      }),
      has_more: z.boolean(),
    })
    .meta({ id, description: 'One page of rows in change order, and where to continue.' });
}

export const ZDocumentLink = z
  .object({
    url: z
      .string()
      .meta({ description: 'Fetch the file here, without the key, until expires_at.' }),
    expires_at: z.string(),
  })
  .meta({
    id: 'DocumentLink',
    description: 'A link to a document, usable without the key until it expires.',
  });
