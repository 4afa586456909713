import { useFocusHeading } from '../focus.js';
import { UserTypesAndFaq } from '../info-sections.js';
import { supportUrl } from '../links.js';

export function LandingPage() {
  const heading = useFocusHeading('Backflow Tester Registration');
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        Backflow Tester Registration
      </h1>
      <p className="lead">
        To register, please use the unique link given to you by your city or organization. If you do
        not have one, please <a href={supportUrl()}>contact support</a>.
      </p>
      <section className="box" aria-labelledby="registration-info-heading">
        <h2 id="registration-info-heading">Registration Info</h2>
        <p>
          After you register, your information is processed and a confirmation email follows once
          the organization's program launches.
        </p>
      </section>
      <section className="box" aria-labelledby="unique-emails-heading">
        <h2 id="unique-emails-heading">Unique Emails</h2>
        <p>
          Every admin and tester must have a unique email address: the same email address cannot be
          used for two users, whether they are admins or testers.
        </p>
      </section>
      <UserTypesAndFaq />
    </main>
  );
}
