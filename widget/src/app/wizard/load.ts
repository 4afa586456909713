/**
 * The wizard's code. The form layout asks for it as soon as a link opens, so it downloads while
 * the person reads the organization home and Get Started finds it ready.
 */
export const loadWizardRoute = () => import('./WizardRoute.js');
