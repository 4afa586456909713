import type { TCompany } from '../../../../shared/registration.js';
import { type CompanyKeys, companyKeys } from './normalize.js';

/**
 * A new company with the keys matching compares, as an insert answering its id. `condition`
 * (SQL, may refer to the statement's other parts) decides whether it is inserted at all; the
 * parameters come from companyInsertParams().
 */
export const companyInsertSql = (condition = 'true') =>
  `insert into companies (name, phone, address1, address2, city, state, zip,
                          name_key, address_key, city_key, zip5, phone_key)
   select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
    where ${condition}
   returning id`;

export function companyInsertParams(
  company: TCompany,
  keys: CompanyKeys = companyKeys(company),
): unknown[] {
  return [
    company.companyName,
    company.companyPhone,
    company.companyAddress1,
    company.companyAddress2,
    company.companyCity,
    company.companyState,
    company.companyZip,
    keys.nameKey,
    keys.addressKey,
    keys.cityKey,
    keys.zip5,
    keys.phoneKey,
  ];
}
