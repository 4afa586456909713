import { kitsToSend } from '../../../../shared/test-kits.js';
import type { TEmbedEventMap } from '../../embed/events.js';
import type { TWizardErrors, TWizardState } from '../wizard/state.js';

// What the wizard tells a host page, reduced to counts: never a name, email or typed value.

/** How many problems the error summary lists: the general messages and the fields. */
export function errorCount(errors: TWizardErrors): number {
  return errors.general.length + Object.keys(errors.fields).length;
}

/** A submitted registration as the host page hears of it. */
export function submittedEvent(state: TWizardState): TEmbedEventMap['submitted'] {
  return {
    userType: state.userType === 'admin' ? 'admin' : 'tester',
    admins: state.userType === 'admin' ? state.admins.length : 0,
    testers: state.testers.length,
    certifications: state.testers.reduce((sum, tester) => sum + tester.userCerts.length, 0),
    testKits: kitsToSend(state.testKits).length,
  };
}
