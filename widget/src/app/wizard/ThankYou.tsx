import { useFocusHeading } from '../focus.js';
import { knowledgeBaseUrl } from '../links.js';

/** After a successful final submit. */
export function ThankYou() {
  const heading = useFocusHeading('Thank You!');
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        Thank You!
      </h1>
      <p>
        Your registration has been submitted. Your data is being processed, and a welcome package
        will arrive by email.
      </p>
      <p>
        In the meantime, you can learn more in our{' '}
        <a href={knowledgeBaseUrl()} target="_blank" rel="noopener">
          knowledge base
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </main>
  );
}
