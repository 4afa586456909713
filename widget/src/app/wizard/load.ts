/**
 * The wizard's code, in two parts. The pages: the form layout asks for them as soon as a link
 * opens, so they download while the person reads the organization home and Get Started finds
 * them ready. The checks (the shared zod rules, most of the bytes): the wizard asks for them once
 * its first page shows; they are first needed when Next is pressed or a document is uploaded.
 */
export const loadWizardRoute = () => import('./WizardRoute.js');
export const loadChecks = () => import('./checks.js');
