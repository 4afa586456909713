import { z } from 'zod';
import { ORGANIZATION_ROLES } from './organization-roles.js';
import { ZEmail } from './registration.js';
import { requiredFirst, STAFF_MESSAGES } from './staff.js';

// An organization's own people in the console: the requests and words of its page's People
// (invite, change role, remove) and of switching between one's organizations.

export const ORGANIZATION_PEOPLE_MESSAGES = {
  notFound: "This person is not one of the organization's people.",
  roleInvalid: 'Please choose Program manager, Reviewer or Viewer.',
  organizationRequired: 'Please choose an organization.',
  providerStaff:
    "This email belongs to one of the provider's staff, who already reach every organization.",
  alreadyMember: 'This person already has a role in this organization.',
  notYourOrganization: 'You have no role in this organization.',
  ownRole:
    "You cannot change or remove your own role: another Program manager or the provider's Administrator can.",
} as const;

export const ZOrganizationRole = z.enum(ORGANIZATION_ROLES, {
  error: ORGANIZATION_PEOPLE_MESSAGES.roleInvalid,
});

/** Invite a person to an organization (a Program manager's own, or any for an Administrator). */
export const ZOrganizationPersonInvite = z.object({
  organizationId: z.coerce
    .number({ error: ORGANIZATION_PEOPLE_MESSAGES.organizationRequired })
    .int()
    .positive(ORGANIZATION_PEOPLE_MESSAGES.organizationRequired)
    .optional(),
  email: requiredFirst(STAFF_MESSAGES.emailRequired, ZEmail),
  name: z.string().trim().max(100, STAFF_MESSAGES.staffNameTooLong).optional().default(''),
  role: ZOrganizationRole,
});
export type TOrganizationPersonInvite = z.output<typeof ZOrganizationPersonInvite>;

export const ZOrganizationPersonUpdate = z.object({ role: ZOrganizationRole });

/** Switch the session to another of one's organizations. */
export const ZSwitchOrganizationRequest = z.object({
  organizationId: z.coerce
    .number({ error: ORGANIZATION_PEOPLE_MESSAGES.organizationRequired })
    .int()
    .positive(ORGANIZATION_PEOPLE_MESSAGES.organizationRequired),
});

/** One of an organization's people, as its page lists them (a membership and its person). */
export const ZOrganizationPersonRecord = z.object({
  /** The membership's id. */
  id: z.number().int(),
  organizationId: z.number().int(),
  staffId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  status: z.enum(['active', 'invited', 'deactivated']),
  twoFactorEnabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TOrganizationPersonRecord = z.infer<typeof ZOrganizationPersonRecord>;
