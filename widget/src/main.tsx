import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFrameBridge } from './app/embed/frame-bridge.js';
import { capturePrefill } from './app/embed/prefill.js';
import { startHistory } from './app/history.js';
import { startLanguage } from './app/i18n/language.js';
import { App } from './app/router.js';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  startFrameBridge(container);
  capturePrefill(window.location.search);
  startHistory();
  // The first screen renders in its language: Spanish waits for its catalogue (one small file).
  void startLanguage().then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
