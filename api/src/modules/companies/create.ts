import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCompany } from '../../../../shared/registration.js';
import { Company, type TCompany as TCompanyRow } from '../../db/entities/index.js';
import { companyKeys } from './normalize.js';

/** A new company in the caller's unit of work, with the keys matching compares. */
export function createCompany(em: EntityManager, company: TCompany): TCompanyRow {
  return em.create(Company, {
    name: company.companyName,
    phone: company.companyPhone,
    address1: company.companyAddress1,
    address2: company.companyAddress2,
    city: company.companyCity,
    state: company.companyState,
    zip: company.companyZip,
    ...companyKeys(company),
  });
}
