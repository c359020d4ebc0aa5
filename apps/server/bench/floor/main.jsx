// The floor of the page-load benchmark: what Vite's React template costs before any product code
// (React, React DOM, one component), built and served the way the portal is.
//
// With `?work=<ms>` it then runs that much script after its first paint, cut into tasks of 5 ms
// as React's scheduler cuts a background render: a page whose own work never blocks the main
// thread, to show what a machine's other load makes of work done that way.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const SLICE_MS = 5;

function App() {
  return (
    <main>
      <h1>Floor</h1>
      <p>An empty React app, the reference every page load is compared with.</p>
    </main>
  );
}

/** Runs `totalMs` of busy script in tasks of at most `SLICE_MS` each, as a scheduler would. */
function workInSlices(totalMs) {
  const channel = new MessageChannel();
  let done = 0;
  let sink = 0;
  channel.port1.onmessage = () => {
    const start = performance.now();
    while (performance.now() - start < SLICE_MS) sink += Math.sqrt(sink + 1);
    done += performance.now() - start;
    if (done < totalMs) channel.port2.postMessage(null);
    else document.body.dataset.sink = String(sink);
  };
  channel.port2.postMessage(null);
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

const work = Number(new URLSearchParams(location.search).get('work'));
if (work > 0) requestAnimationFrame(() => setTimeout(() => workInSlices(work)));
