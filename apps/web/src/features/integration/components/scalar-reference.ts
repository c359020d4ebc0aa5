import { createApiReference } from '@scalar/api-reference';
import '@scalar/api-reference/style.css';

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
  });
  return () => reference.destroy();
}
