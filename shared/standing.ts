// A registration's standing with its organization after approval (issue 27): Active, Suspended
// by staff or automatically when a required item expires, or Lapsed when the organization's
// registration period ends. Only an Active registration is "approved" to the outside (the
// public directory, the integration API). No Node or DOM imports.

export const STANDINGS = ['active', 'suspended', 'lapsed'] as const;
export type TStanding = (typeof STANDINGS)[number];

export const STANDING_LABELS: Record<TStanding, string> = {
  active: 'Active',
  suspended: 'Suspended',
  lapsed: 'Lapsed',
};

/** How long an approved registration stays valid, as the organization sets it. */
export const REGISTRATION_VALIDITIES = ['untilWithdrawn', 'twelveMonths', 'calendarYear'] as const;
export type TRegistrationValidity = (typeof REGISTRATION_VALIDITIES)[number];

export const REGISTRATION_VALIDITY_LABELS: Record<TRegistrationValidity, string> = {
  untilWithdrawn: 'Until withdrawn',
  twelveMonths: 'For 12 months from approval',
  calendarYear: 'Through December 31 of the year it was approved',
};
