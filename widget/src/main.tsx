import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Landing() {
  return (
    <main>
      <h1>Backflow Tester Registration</h1>
      <p>
        To register, use the unique link given to you by your city or organization. If you do not
        have one, please contact support.
      </p>
    </main>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Landing />
    </StrictMode>,
  );
}
