import { WELCOME_EMAIL_HOURS } from '../../../shared/constants.js';
import { SupportLink } from './screens.js';

export const DEFAULT_WELCOME_MESSAGE = `Once your registration has been processed, you will receive a welcome email with your login details within ${WELCOME_EMAIL_HOURS} hours.`;

export function RequirementsBox() {
  return (
    <section className="box" aria-labelledby="requirements-heading">
      <h2 id="requirements-heading">Requirements</h2>
      <ul>
        <li>
          Every admin and tester must have a unique email address. The same email address cannot be
          used for two users, whether they are admins or testers.
        </li>
        <li>
          If you have already registered for another organization, you must submit your registration
          again for this organization.
        </li>
      </ul>
    </section>
  );
}

/** The Admin Users / Tester Users explanations and the FAQ, shared by the landing and org home. */
export function UserTypesAndFaq() {
  return (
    <>
      <section aria-labelledby="admin-users-heading">
        <h2 id="admin-users-heading">Admin Users</h2>
        <p>
          Admin users manage a service provider (testing company) and may enter test reports for the
          company's testers. No certification information is needed for admin users.
        </p>
      </section>
      <section aria-labelledby="tester-users-heading">
        <h2 id="tester-users-heading">Tester Users</h2>
        <p>
          Tester users enter their own test reports. Certification information and a copy of each
          certification document are required for every tester. Test kit information is optional.
        </p>
      </section>
      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">FAQ</h2>
        <dl className="faq">
          <dt>I already registered for another organization. Do I need to register again?</dt>
          <dd>Yes. Registrations are kept per organization, so please submit one for each.</dd>
          <dt>Can two users share an email address?</dt>
          <dd>No. Every admin and tester needs their own unique email address.</dd>
          <dt>Which documents can I upload?</dt>
          <dd>PDF, JPG or PNG files under 10 MB.</dd>
          <dt>When will I be able to log in?</dt>
          <dd>
            After your registration is processed you will receive a welcome email with your login
            details.
          </dd>
        </dl>
      </section>
      <SupportLink />
    </>
  );
}
