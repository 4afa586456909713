import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFrameBridge } from './app/embed/frame-bridge.js';
import { App } from './app/router.js';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  startFrameBridge(container);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
