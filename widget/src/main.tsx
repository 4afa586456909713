import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFrameBridge } from './app/embed/frame-bridge.js';
import { startHistory } from './app/history.js';
import { App } from './app/router.js';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  startFrameBridge(container);
  startHistory();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
