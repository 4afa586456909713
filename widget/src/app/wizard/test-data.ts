import type { TCompanyMatch } from '../../../../shared/registration.js';
import type { TWizardAction } from './state.js';

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

/** A document reference as an upload answers it. */
export const UPLOADED_LINK = '0b3f8a8e-9a43-4e7e-8f61-1a2b3c4d5e6f';

/** The first tester's first certification filled in (AWWA's type 2) and its document uploaded. */
export function firstCertification(certNum: string, certExp: string): TWizardAction[] {
  return [
    ...(['certNum', 'certExp', 'certAgency', 'certType'] as const).map(
      (field) =>
        ({
          type: 'setCertification',
          tester: 0,
          cert: 0,
          field,
          value: { certNum, certExp, certAgency: '1', certType: '2' }[field],
        }) as TWizardAction,
    ),
    { type: 'uploaded', target: { kind: 'cert', tester: 0, cert: 0 }, link: UPLOADED_LINK },
  ];
}
