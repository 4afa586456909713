// What the audit log records: the kinds of things changed and the actions, with the console's
// labels for its filters. The API's audit entries take their names from here.

export const AUDITED_ENTITIES = {
  organization: 'Organization',
  agency: 'Certification agency',
  type: 'Certification type',
  agency_type: 'Agency-type link',
  credential_type: 'Credential type',
  user: 'User',
  registration: 'Registration',
  staff_account: 'Staff account',
  staff_session: 'Staff session',
} as const;
export type TAuditedEntity = keyof typeof AUDITED_ENTITIES;

export const AUDIT_ACTIONS = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  link: 'Link',
  unlink: 'Unlink',
  enroll: 'Enroll',
  enroll_all: 'Enroll all',
  review_document: 'Document decision',
  approve: 'Approve registration',
  request_changes: 'Request changes',
  reject: 'Reject registration',
  resubmit: 'Corrections sent',
  account_update: 'Changed from My registrations',
  suspend: 'Suspend registration',
  reinstate: 'Reinstate registration',
  lapse: 'Registration lapsed',
  reregister: 'Registered again',
  invite: 'Invite',
  role_change: 'Role change',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  password_link: 'Password link sent',
  password_set: 'Password set from a link',
  password_change: 'Password change',
  two_factor_on: 'Two-step sign-in on',
  two_factor_off: 'Two-step sign-in off',
  sign_in: 'Sign-in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Sign-out',
  session_revoked: 'Session revoked',
} as const;
export type TAuditAction = keyof typeof AUDIT_ACTIONS;
