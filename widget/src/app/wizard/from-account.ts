import type { TAccountJoinPrefill } from '../../../../shared/account.js';
import type { TPublicOrgInfo } from '../org/org-info.js';
import { createWizardState, wizardReducer } from './reducer.js';
import type { TAccountRun, TWizardState } from './state.js';
import { STEPS, type TStepId } from './step-table.js';

// The wizard opened from My registrations (issue 26): a signed-in registrant registering with
// another organization. GET /api/account/registrations/prefill says what is on file that the
// organization takes and what it needs beyond that; the run starts filled in with the person and
// their company, shows only the pages asking for what is needed, and always the review, which
// lists what is on file beside what was added. On file items are sent as they are (their
// documents reused, the server reading them again at Submit); the run's own fields hold only
// what it adds.

/** The pages a run from the record shows, in the wizard's order. */
export function accountPages(prefill: Pick<TAccountJoinPrefill, 'person' | 'needs'>): TStepId[] {
  const { needs, person } = prefill;
  const needed = (holder: 'company' | 'tester') =>
    needs.credentials.some((credential) => credential.holder === holder);
  const asked: Partial<Record<TStepId, boolean>> = {
    companyCredentials: needed('company'),
    testers: person.type === 'tester' && (needs.certifications > 0 || needed('tester')),
    review: true,
  };
  return STEPS.filter((step) => asked[step.id]).map((step) => step.id);
}

/** A new run from the record: on its first page, the person and company filled in. */
export function accountWizardState(prefill: TAccountJoinPrefill, runId: string): TWizardState {
  const { person, company, needs } = prefill;
  const pages = accountPages(prefill);
  const account: TAccountRun = {
    pages,
    onFile: {
      certifications: prefill.certifications,
      testKits: prefill.testKits,
      credentials: prefill.credentials,
    },
    needs,
  };
  // The reducer's user type makes the blocks (a tester with the certifications still needed).
  const typed = wizardReducer(createWizardState(runId, needs.certifications), {
    type: 'setUserType',
    userType: person.type,
  });
  const fields = {
    userFirstName: person.firstName,
    userLastName: person.lastName,
    userEmail: person.email,
    userPhone: person.phone,
  };
  const [admin] = typed.admins;
  const [tester] = typed.testers;
  return {
    ...typed,
    path: [STEPS.find((step) => step.id === pages[0])?.page ?? 6],
    company: {
      companyID: company.id,
      companyName: company.name,
      companyPhone: company.phone,
      companyAddress1: company.address1,
      companyAddress2: company.address2,
      companyCity: company.city,
      companyState: company.state,
      companyZip: company.zip,
    },
    admins: person.type === 'admin' && admin ? [{ ...admin, ...fields }] : [],
    testers: person.type === 'tester' && tester ? [{ ...tester, ...fields }] : [],
    testKits: [],
    asksCompanyCredentials: pages.includes('companyCredentials'),
    account,
  };
}

/**
 * The organization as a run from the record meets it: the certifications still needed, and of
 * its credential types only those it requires that nothing on file meets. The pages, the checks
 * and the request all read this, so each asks only what is needed.
 */
export function accountOrg(org: TPublicOrgInfo, account: TAccountRun): TPublicOrgInfo {
  const needed = new Set(account.needs.credentials.map((credential) => credential.id));
  return {
    ...org,
    number_of_certs: account.needs.certifications,
    credential_requirements: (org.credential_requirements ?? []).filter((requirement) =>
      needed.has(requirement.id),
    ),
  };
}
