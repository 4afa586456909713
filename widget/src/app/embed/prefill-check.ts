import type { z } from 'zod';
import { MESSAGES } from '../../../../shared/codes.js';
import { isZipValid, ZCompany, ZUserType } from '../../../../shared/registration.js';
import { PREFILL_FIELDS, type TPrefillField } from '../../embed/events.js';
import type { TCompanyField, TUserTypeChoice } from '../wizard/state.js';
import type { TPrefill } from './prefill.js';

// A prefill is never trusted: each value must pass the rule a typed value passes at Next, and
// one that does not is left out (the host page's console says which and why).

export interface TCheckedPrefill {
  userType?: Exclude<TUserTypeChoice, ''>;
  company: Partial<Record<TCompanyField, string>>;
  refused: { field: string; message: string }[];
}

const COMPANY_FIELDS = PREFILL_FIELDS.filter(
  (field): field is Exclude<TPrefillField, 'userType'> => field !== 'userType',
);

export function checkPrefill(prefill: TPrefill): TCheckedPrefill {
  const checked: TCheckedPrefill = { company: {}, refused: [] };
  const read = <T>(field: string, rule: z.ZodType<T>, value: string | undefined) => {
    if (value === undefined) return undefined;
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    checked.refused.push({
      field,
      message: result.error.issues[0]?.message ?? MESSAGES.valueInvalid,
    });
    return undefined;
  };
  checked.userType = read('userType', ZUserType, prefill.userType);
  for (const field of COMPANY_FIELDS) {
    const value = read(field, ZCompany.shape[field], prefill[field]);
    if (typeof value === 'string' && value) checked.company[field] = value;
  }
  const zip = checked.company.companyZip;
  if (zip && !isZipValid(zip, checked.company.companyState)) {
    delete checked.company.companyZip;
    checked.refused.push({ field: 'companyZip', message: MESSAGES.zipInvalid });
  }
  return checked;
}
