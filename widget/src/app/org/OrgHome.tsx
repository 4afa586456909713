import { useNavigate } from 'react-router';
import { Banner } from '../banner/Banner.js';
import { useFocusHeading } from '../focus.js';
import { DEFAULT_WELCOME_MESSAGE, RequirementsBox, UserTypesAndFaq } from '../info-sections.js';
import { useForm } from './form-context.js';

/** /form/:hash — the organization's home page. */
export function OrgHome() {
  const { org } = useForm();
  const navigate = useNavigate();
  const title = `${org.org_name} Tester Registration`;
  const heading = useFocusHeading(title);
  const getStarted = (
    <button type="button" className="button primary" onClick={() => navigate('step/0')}>
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
