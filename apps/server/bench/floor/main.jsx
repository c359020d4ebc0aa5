// The floor of the page-load benchmark: what Vite's React template costs before any product code
// (React, React DOM, one component), built and served the way the portal is.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main>
      <h1>Floor</h1>
      <p>An empty React app, the reference every page load is compared with.</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
