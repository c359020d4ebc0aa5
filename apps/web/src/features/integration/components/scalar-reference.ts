import { createApiReference } from '@scalar/api-reference';
import '@scalar/api-reference/style.css';

/**
 * The theme's colours, darkened where its text falls short of WCAG AA contrast (4.5:1) on white:
 * the faint text, the HTTP methods and the code's numbers and strings. Doubled class: it must win
 * over the theme's own `.light-mode`, written after it.
 */
const contrastCss = `.light-mode.light-mode {
  --scalar-color-2: #3f3f46;
  --scalar-color-3: #52525b;
  --scalar-color-green: #04704a;
  --scalar-color-red: #b00004;
  --scalar-color-yellow: #7a5d00;
  --scalar-color-blue: #005a96;
  --scalar-color-orange: #a34a00;
  --scalar-color-purple: #5203d1;
  --scalar-color-query: #00686c;
}`;

/**
 * Mounts Scalar's reference of the machines' OpenAPI document in `element`; answers how to take
 * it down. Loaded only by the reference page, as a chunk of its own (Scalar brings Vue). Under
 * the portal's content policy nothing comes from elsewhere: no web fonts (the page's own), no
 * telemetry, no request client (it would call the API from the browser, with a key typed in).
 */
export function mountApiReference(element: HTMLElement, documentUrl: string): () => void {
  const reference = createApiReference(element, {
    url: documentUrl,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    hideTestRequestButton: true,
    hideDarkModeToggle: true,
    forceDarkModeState: 'light',
    documentDownloadType: 'json',
    customCss: contrastCss,
  });
  return () => reference.destroy();
}
