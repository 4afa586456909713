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
