import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function ConsoleHome() {
  return (
    <main>
      <h1>Backflow Admin Console</h1>
      <p>Sign in to manage organizations, certifications, users and reports.</p>
    </main>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <ConsoleHome />
    </StrictMode>,
  );
}
