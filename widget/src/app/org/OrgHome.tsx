import { Banner } from '../banner/Banner.js';
import { useFocusHeading } from '../focus.js';
import { navigate } from '../history.js';
import { DEFAULT_WELCOME_MESSAGE, RequirementsBox, UserTypesAndFaq } from '../info-sections.js';
import { stepPath } from '../routes.js';
import { useForm } from './form-context.js';

/** /form/{hash} — the organization's home page. */
export function OrgHome() {
  const { hash, org } = useForm();
  const title = `${org.org_name} Tester Registration`;
  const heading = useFocusHeading(title);
  const getStarted = (
    <button type="button" className="button primary" onClick={() => navigate(stepPath(hash, 0))}>
      Get Started
    </button>
  );
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{getStarted}</p>
      <section className="box" aria-labelledby="registration-info-heading">
        <h2 id="registration-info-heading">Registration Info</h2>
        {org.homePageBanner?.trim() ? (
          <Banner text={org.homePageBanner} />
        ) : (
          <p>{DEFAULT_WELCOME_MESSAGE}</p>
        )}
      </section>
      <RequirementsBox />
      <UserTypesAndFaq />
      <p>{getStarted}</p>
    </main>
  );
}
