import { MESSAGES } from '../../../shared/codes.js';
import { useFocusHeading } from './focus.js';
import { supportUrl } from './links.js';

export function SupportLink() {
  return (
    <p>
      Need help? <a href={supportUrl()}>Contact support</a>.
    </p>
  );
}

export function PageLoading() {
  return (
    <main className="page">
      <p role="status" className="loading">
        Page Loading...
      </p>
    </main>
  );
}

/** The invalid-link screen: unknown, expired or otherwise unusable registration links. */
export function InvalidLink({ message }: { message: string }) {
  const heading = useFocusHeading('Uh Oh');
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        Uh Oh
      </h1>
      <p>{message}</p>
      <SupportLink />
    </main>
  );
}

export function ServerUnreachable() {
  const heading = useFocusHeading('Connection problem');
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        Connection problem
      </h1>
      <p role="alert">{MESSAGES.serverUnreachable}</p>
      <SupportLink />
    </main>
  );
}
