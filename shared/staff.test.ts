import { describe, expect, it } from 'vitest';
import {
  ZAdminOrganizationCreate,
  ZExtraEmails,
  ZOrganizationCreateInfo,
  ZRequiredCertificationsOnCreate,
  ZRequiredCertificationsOnEdit,
  ZStaffUserRequest,
  ZUsersListRequest,
} from './staff.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('organization rules', () => {
  it('applies the create defaults', () => {
    const parsed = ZOrganizationCreateInfo.parse({
      orgURL: ' Springfield ',
      orgEndDate: '2034-12-31',
    });
    expect(parsed).toMatchObject({
      orgURL: 'Springfield',
      numOfCerts: 1,
      orgEmailFreq: 'weekly',
      orgEmails: [],
      swiftcomplyEmail: '',
    });
    expect(parsed.associatedAgencies).toBeUndefined();
  });

  it('names the three create messages of the spec', () => {
    const result = ZAdminOrganizationCreate.safeParse({ name: '', requiredCertifications: 0 });
    expect(messages(result)).toEqual([
      'Organization Name is required.',
      'Allowed Access Until is required.',
      'Required Certifications must be at least 1.',
    ]);
  });

  it('needs at least 1 certification on create but allows 0 on edit', () => {
    expect(ZRequiredCertificationsOnCreate.safeParse(0).success).toBe(false);
    expect(ZRequiredCertificationsOnEdit.parse('0')).toBe(0);
    expect(messages(ZRequiredCertificationsOnEdit.safeParse(-1))).toEqual([
      'Required Certifications cannot be negative.',
    ]);
  });

  it('drops blank extra emails before allowing at most three', () => {
    expect(
      ZExtraEmails.parse(['a@example.org', ' ', '', 'b@example.org', 'c@example.org']),
    ).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    expect(messages(ZExtraEmails.safeParse(['a@x.org', 'b@x.org', 'c@x.org', 'd@x.org']))).toEqual([
      'At most 3 additional emails are allowed.',
    ]);
  });

  it('accepts a date picker timestamp as its date and refuses impossible dates', () => {
    expect(
      ZAdminOrganizationCreate.parse({ name: 'X', allowedUntil: '2030-02-03T05:00:00.000Z' })
        .allowedUntil,
    ).toBe('2030-02-03');
    expect(
      ZAdminOrganizationCreate.safeParse({ name: 'X', allowedUntil: '2030-02-30' }).success,
    ).toBe(false);
  });
});

describe('user rules', () => {
  it('names each missing field of the Add user dialog', () => {
    expect(messages(ZStaffUserRequest.safeParse({}))).toEqual([
      'User Type is required.',
      'First Name is required.',
      'Last Name is required.',
      'Email is required.',
    ]);
  });

  it('uses the registration rules for everything else', () => {
    const base = {
      userType: 'Tester',
      userFirstName: 'A',
      userLastName: 'B',
      userEmail: 'a@example.org',
    };
    expect(ZStaffUserRequest.parse(base)).toMatchObject({ userType: 'tester', userPhone: '' });
    expect(messages(ZStaffUserRequest.safeParse({ ...base, userEmail: 'nope' }))).toEqual([
      'Invalid email.',
    ]);
    expect(
      messages(ZStaffUserRequest.safeParse({ ...base, userLastName: 'x'.repeat(51) })),
    ).toEqual(['Last name must be 50 characters or less.']);
  });

  it('reads the users-list request leniently but refuses page 0', () => {
    expect(ZUsersListRequest.parse({ orgId: '', page: '3' })).toEqual({
      orgId: undefined,
      page: 3,
      searchQuery: '',
    });
    expect(ZUsersListRequest.parse({ orgId: '12' }).orgId).toBe(12);
    expect(ZUsersListRequest.safeParse({ page: 0 }).success).toBe(false);
  });
});
