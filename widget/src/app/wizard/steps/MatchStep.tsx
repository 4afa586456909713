import { useI18n } from '../../i18n/use-i18n.js';
import { WithLink } from '../../i18n/WithLink.js';
import { supportUrl } from '../../links.js';
import { useWizard } from '../wizard-context.js';

/** Page 2: companies like the one entered; select one, or Skip to keep the entered company. */
export function MatchStep() {
  const { state, dispatch } = useWizard();
  const { t } = useI18n();
  return (
    <>
      <p>{t('matches.intro')}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="table-scroll" aria-label={t('matches.table')} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{t('matches.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('matches.name')}</th>
              <th scope="col">{t('matches.address')}</th>
              <th scope="col">{t('matches.city')}</th>
              <th scope="col">{t('matches.state')}</th>
              <th scope="col">{t('matches.zip')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('matches.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.matches.map((match) => (
              <tr key={match.companyID}>
                <th scope="row">{match.companyName}</th>
                <td>
                  {match.companyAddress1}
                  {match.companyAddress2 ? `, ${match.companyAddress2}` : ''}
                </td>
                <td>{match.companyCity}</td>
                <td>{match.companyState}</td>
                <td>{match.companyZip}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('matches.selectCompany', {
                      name: match.companyName,
                      address: match.companyAddress1,
                      city: match.companyCity,
                    })}
                    onClick={() => dispatch({ type: 'selectMatch', match })}
                  >
                    {t('matches.select')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p>
        <WithLink
          text={t('matches.incorrect')}
          link={<a href={supportUrl()}>{t('site.contactSupportLower')}</a>}
        />
      </p>
    </>
  );
}
