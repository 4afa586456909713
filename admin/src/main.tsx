import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MESSAGES } from '../../shared/codes';
import { SIGN_IN_MESSAGES } from '../../shared/staff-sign-in';
import { CONSOLE_BASE } from './providers/basePath';
import { tokenStore } from './providers/tokenStore';
import { SetPassword } from './sign-in/SetPassword';
import { SignIn } from './sign-in/SignIn';

// The console's first download is only this: the sign-in page (React and a few small modules).
// The console itself (react-admin, MUI) loads once someone is signed in, or as they sign in.

const loadConsole = () => import('./App');

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);

  const showConsole = () =>
    loadConsole().then(
      ({ App }) =>
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      () => root.render(<p role="alert">{MESSAGES.serverUnreachable}</p>),
    );

  const showSignIn = (notice?: string) =>
    root.render(
      <StrictMode>
        <SignIn
          notice={notice}
          onAttempt={() => void loadConsole()}
          onSignedIn={(token) => {
            tokenStore.set(token);
            if (/\/(login|set-password)$/.test(window.location.pathname)) {
              window.history.replaceState(null, '', CONSOLE_BASE);
            }
            return showConsole();
          }}
        />
      </StrictMode>,
    );

  if (window.location.pathname === `${CONSOLE_BASE}/set-password`) {
    root.render(
      <StrictMode>
        <SetPassword
          onDone={() => {
            window.history.replaceState(null, '', `${CONSOLE_BASE}/login`);
            showSignIn(SIGN_IN_MESSAGES.passwordSet);
          }}
        />
      </StrictMode>,
    );
  } else if (tokenStore.get()) {
    void showConsole();
  } else {
    showSignIn();
  }
}
