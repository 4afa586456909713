import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAccountJoinPrefill } from '../../../../shared/account.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { Company } from '../../db/entities/index.js';
import type { LinkCache } from '../registration/link-cache.js';
import { openLinkRow } from '../registration/organization-link.js';
import { planJoin } from './join-plan.js';

// The organization's form opened for a signed-in person: what registering from the record would
// carry (planJoin, as the join decides it) and what the organization needs beyond it, for the
// form to ask only that. Nothing is written or locked; documents stay on file, unnamed.

export async function joinPrefill(
  em: EntityManager,
  userId: number,
  hashValue: string,
  options: { cache?: LinkCache } = {},
): Promise<TAccountJoinPrefill> {
  const organization = await openLinkRow(em, hashValue, { cache: options.cache });
  const plan = await planJoin(em, userId, organization, todayInProgramZone(), { lock: false });
  const { person } = plan;
  const company = await em.findOneOrFail(Company, person.company_id);
  return {
    organizationName: organization.name,
    person: {
      type: person.type,
      firstName: person.first_name,
      lastName: person.last_name,
      email: person.email,
      phone: person.phone,
    },
    company: {
      id: company.id,
      name: company.name,
      phone: company.phone,
      address1: company.address1,
      address2: company.address2 ?? '',
      city: company.city,
      state: company.state,
      zip: company.zip,
    },
    certifications: plan.certifications.map((certification) => ({
      agencyId: certification.agencyId,
      typeId: certification.typeId,
      agencyName: certification.agencyName,
      typeName: certification.typeName,
      number: certification.number,
      expiresOn: certification.expiresOn,
    })),
    testKits: plan.kits.map((kit) => ({
      serial: kit.serial,
      manufacturer: kit.manufacturer,
      model: kit.model,
      calibratedOn: kit.calibrated_on,
    })),
    credentials: plan.credentials.map((credential) => ({
      credentialTypeId: credential.credentialTypeId,
      holder: credential.holder,
      typeName: credential.typeName,
      issuer: credential.issuer,
      number: credential.number,
      coverage: credential.coverage,
      additionalInsured: credential.additionalInsured,
      expiresOn: credential.expiresOn,
    })),
    needs: {
      certifications: plan.needs.certifications,
      credentials: plan.needs.credentials.map((requirement) => ({
        id: requirement.id,
        holder: requirement.holder,
        name: requirement.name,
      })),
    },
  };
}
