import { supportUrl } from '../../links.js';
import { useWizard } from '../wizard-context.js';

/** Page 2: companies like the one entered; select one, or Skip to keep the entered company. */
export function MatchStep() {
  const { state, dispatch } = useWizard();
  return (
    <>
      <p>
        We found companies similar to the one you entered. If one of them is your company, select
        it. Otherwise choose Skip to continue with the company you entered.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="table-scroll" aria-label="Similar companies" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Similar companies</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">City</th>
              <th scope="col">State</th>
              <th scope="col">Zip</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
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
                    aria-label={`Select ${match.companyName}, ${match.companyAddress1}, ${match.companyCity}`}
                    onClick={() => dispatch({ type: 'selectMatch', match })}
                  >
                    Select
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p>
        If any of the information listed is incorrect, please{' '}
        <a href={supportUrl()}>contact support</a>.
      </p>
    </>
  );
}
