import { MESSAGES } from '../../../shared/codes.js';
import { InvalidLink } from './screens.js';

/** Any address the site does not know is an invalid link. */
export function NotFound() {
  return <InvalidLink message={MESSAGES.otherOrgLookup} />;
}
