// The report request (spec sections 3, 4 'Reports' and 5 'Reports'), checked the same way by the
// console before sending and by the server before generating. No Node or DOM imports.
import { z } from 'zod';
import { MESSAGES } from './codes.js';
import {
  ALL_ORGANIZATIONS_MAX_DAYS_BACK,
  ALL_ORGANIZATIONS_REPORT_TYPES,
  DELIVERY_METHODS,
  LIMITS,
  REPORT_RANGES,
  REPORT_TYPES,
  type TReportType,
} from './constants.js';
import { addDays } from './program-zone.js';
import { isIsoDate } from './registration.js';

export const REPORT_MESSAGES = {
  selectOrganization: MESSAGES.selectOrganization,
  selectValidOrganization: MESSAGES.selectValidOrganization,
  dateRangeOrder: MESSAGES.dateRangeOrder,
  dateRangeFuture: MESSAGES.dateRangeFuture,
  enterEmail: MESSAGES.enterEmail,
  enterValidEmail: MESSAGES.enterValidEmail,
  selectReportType: MESSAGES.selectReportType,
  nameTooLong: MESSAGES.nameTooLong,
  // The platform's own words where the spec names a rule but not its message.
  selectRange: 'Please select a report range.',
  selectDelivery: 'Please select a delivery method.',
  startDateRequired: 'Please select a start date.',
  endDateRequired: 'Please select an end date.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  allOrganizationsNeedRange: 'All Organizations reports need a date range.',
  allOrganizationsTooFarBack: `All Organizations reports can start at most ${ALL_ORGANIZATIONS_MAX_DAYS_BACK} days before today.`,
  typeNotForAllOrganizations:
    'This report type is only available for a single organization. Please choose Users or Test Kits.',
  emailQueued: 'Your report is being generated and will be emailed to {email} shortly.',
} as const;

/** The value orgId takes for All Organizations. */
export const ALL_ORGANIZATIONS = 'All';

const RANGE_LABELS = Object.values(REPORT_RANGES) as [string, ...string[]];
const DELIVERY_LABELS = Object.values(DELIVERY_METHODS) as [string, ...string[]];

/** The wire form: the labels the console shows are the values it sends. */
export const ZReportRequest = z.object({
  orgId: z.union([z.string(), z.number()]).optional().nullable(),
  orgName: z.string().max(LIMITS.longText, REPORT_MESSAGES.nameTooLong).optional().nullable(),
  range: z.enum(RANGE_LABELS).optional().nullable(),
  rangeStart: z.string().optional().nullable(),
  rangeEnd: z.string().optional().nullable(),
  deliveryMethod: z.enum(DELIVERY_LABELS).optional().nullable(),
  recipientEmail: z.string().optional().nullable(),
  reportType: z.string().optional().nullable(),
});
export type TReportRequestInput = z.input<typeof ZReportRequest>;

/** A request that passed every rule, in the platform's own terms. */
export interface TReportRequest {
  /** null for All Organizations. */
  organizationId: number | null;
  type: TReportType;
  /** Inclusive dates in the program's time zone; null for All Time. */
  range: { start: string; end: string } | null;
  delivery: { method: 'download' } | { method: 'email'; recipient: string };
}

export type TReportErrors = Partial<Record<keyof TReportRequestInput, string>>;

export type TReportCheck =
  | { ok: true; request: TReportRequest }
  | { ok: false; errors: TReportErrors; message: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function reportTypeFromLabel(label: unknown): TReportType | undefined {
  return (Object.keys(REPORT_TYPES) as TReportType[]).find((key) => REPORT_TYPES[key] === label);
}

/**
 * Every rule of a report request. `today` is the current date in the program's time zone
 * (YYYY-MM-DD); whether the organization exists is the server's check, not this one's.
 */
export function checkReportRequest(input: unknown, today: string): TReportCheck {
  const parsed = ZReportRequest.safeParse(input);
  const errors: TReportErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof TReportRequestInput;
      errors[field] ??= field === 'orgName' ? issue.message : invalidFieldMessage(field);
    }
    return failure(errors);
  }
  const body = parsed.data;
  const allOrganizations = String(body.orgId ?? '') === ALL_ORGANIZATIONS;
  const organizationId = allOrganizations ? null : Number(body.orgId);
  if (!allOrganizations) {
    if (body.orgId === undefined || body.orgId === null || String(body.orgId).trim() === '') {
      errors.orgId = REPORT_MESSAGES.selectOrganization;
    } else if (!Number.isInteger(organizationId) || (organizationId ?? 0) <= 0) {
      errors.orgId = REPORT_MESSAGES.selectValidOrganization;
    }
  }

  const dateRange = body.range === REPORT_RANGES.dateRange;
  if (!body.range) {
    errors.range = allOrganizations
      ? REPORT_MESSAGES.allOrganizationsNeedRange
      : REPORT_MESSAGES.selectRange;
  } else if (allOrganizations && !dateRange) {
    errors.range = REPORT_MESSAGES.allOrganizationsNeedRange;
  }
  let range: TReportRequest['range'] = null;
  if (dateRange) {
    const start = body.rangeStart?.trim() ?? '';
    const end = body.rangeEnd?.trim() ?? '';
    if (!start) errors.rangeStart = REPORT_MESSAGES.startDateRequired;
    else if (!isIsoDate(start)) errors.rangeStart = REPORT_MESSAGES.dateInvalid;
    if (!end) errors.rangeEnd = REPORT_MESSAGES.endDateRequired;
    else if (!isIsoDate(end)) errors.rangeEnd = REPORT_MESSAGES.dateInvalid;
    if (!errors.rangeStart && !errors.rangeEnd) {
      if (start > today || end > today) errors.rangeEnd = REPORT_MESSAGES.dateRangeFuture;
      else if (end < start) errors.rangeEnd = REPORT_MESSAGES.dateRangeOrder;
      else if (allOrganizations && start < addDays(today, -ALL_ORGANIZATIONS_MAX_DAYS_BACK)) {
        errors.rangeStart = REPORT_MESSAGES.allOrganizationsTooFarBack;
      }
      range = { start, end };
    }
  }

  let delivery: TReportRequest['delivery'] = { method: 'download' };
  if (body.deliveryMethod === DELIVERY_METHODS.email) {
    const recipient = body.recipientEmail?.trim() ?? '';
    if (!recipient) errors.recipientEmail = REPORT_MESSAGES.enterEmail;
    else if (recipient.length > LIMITS.longText || !EMAIL_PATTERN.test(recipient)) {
      errors.recipientEmail = REPORT_MESSAGES.enterValidEmail;
    }
    delivery = { method: 'email', recipient };
  } else if (body.deliveryMethod !== DELIVERY_METHODS.download) {
    errors.deliveryMethod = REPORT_MESSAGES.selectDelivery;
  }

  const type = reportTypeFromLabel(body.reportType);
  if (!type) errors.reportType = REPORT_MESSAGES.selectReportType;
  else if (allOrganizations && !ALL_ORGANIZATIONS_REPORT_TYPES.includes(type)) {
    errors.reportType = REPORT_MESSAGES.typeNotForAllOrganizations;
  }

  if (Object.keys(errors).length > 0 || !type) return failure(errors);
  return { ok: true, request: { organizationId, type, range, delivery } };
}

function invalidFieldMessage(field: keyof TReportRequestInput): string {
  switch (field) {
    case 'orgId':
      return REPORT_MESSAGES.selectValidOrganization;
    case 'rangeStart':
    case 'rangeEnd':
      return REPORT_MESSAGES.dateInvalid;
    case 'recipientEmail':
      return REPORT_MESSAGES.enterValidEmail;
    case 'reportType':
      return REPORT_MESSAGES.selectReportType;
    case 'range':
      return REPORT_MESSAGES.selectRange;
    default:
      return REPORT_MESSAGES.selectDelivery;
  }
}

function failure(errors: TReportErrors): TReportCheck {
  const order: (keyof TReportRequestInput)[] = [
    'orgId',
    'orgName',
    'range',
    'rangeStart',
    'rangeEnd',
    'deliveryMethod',
    'recipientEmail',
    'reportType',
  ];
  const first =
    order.map((field) => errors[field]).find(Boolean) ?? REPORT_MESSAGES.selectReportType;
  return { ok: false, errors, message: first };
}
