import { lazyScreen } from '../lazy.js';

/**
 * The wizard's code, in two parts. The pages: fetched by the organization home once it is usable
 * (and named in the page's head when a link opens on a wizard page), so Get Started finds them
 * ready. The checks (the shared zod rules, most of the bytes): the wizard asks for them once its
 * first page shows; they are first needed when Next is pressed or a document is uploaded.
 */
export const wizardScreen = lazyScreen(
  () => import('./WizardRoute.js'),
  (module) => module.WizardRoute,
);
export const loadChecks = () => import('./checks.js');

/** The page after a submit, fetched with the checks so the wizard's last step goes straight to it. */
export const thankYouScreen = lazyScreen(
  () => import('./ThankYou.js'),
  (module) => module.ThankYou,
);

/**
 * The credentials an organization asks for (issue 27): their page, the testers' blocks and the
 * review's lists, in one part fetched when a page first shows them, so the wizard of an
 * organization that asks for none never loads it.
 */
const loadCredentials = () => import('./credentials/CredentialFields.js');
export const companyCredentialsScreen = lazyScreen(
  loadCredentials,
  (module) => module.CompanyCredentialsStep,
);
export const testerCredentialsPart = lazyScreen(
  loadCredentials,
  (module) => module.TesterCredentials,
);
export const credentialsReviewPart = lazyScreen(
  loadCredentials,
  (module) => module.CredentialsReview,
);
