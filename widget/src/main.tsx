import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startFrameBridge } from './app/embed/frame-bridge.js';
import { capturePrefill } from './app/embed/prefill.js';
import { startHistory } from './app/history.js';
import { currentLanguage, startLanguage } from './app/i18n/language.js';
import { servedData } from './app/org/served.js';
import { App } from './app/router.js';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  startFrameBridge(container);
  capturePrefill(window.location.search);
  startHistory();
  // The first screen renders in its language: Spanish waits for its catalogue (one small file).
  void startLanguage().then(() => {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    // A first screen the server wrote is taken over as it is, unless the page now opens in
    // another language (one chosen earlier in this browser), which renders afresh.
    if (container.firstElementChild && servedData()?.language === currentLanguage()) {
      hydrateRoot(container, app);
      return;
    }
    container.replaceChildren();
    createRoot(container).render(app);
  });
}
