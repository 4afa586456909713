import type { TCompanyMatch } from '../../../../shared/registration.js';

/** A company the server offers on the match page, for the wizard's tests. */
export const MATCH: TCompanyMatch = {
  companyID: 42,
  companyName: 'Acme Backflow',
  companyAddress1: '1 Main St',
  companyAddress2: '',
  companyCity: 'Springfield',
  companyState: 'IL',
  companyZip: '62701',
};
