import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { holdFirstScreen, releaseFirstScreen } from '@/lib/first-screen';
import { RevealApp, revealApp } from './prerendered-page';

function prerenderedDocument() {
  document.body.innerHTML =
    '<div id="prerendered" inert><main>prerendered</main></div><div id="root" hidden></div>';
}

describe('the prerendered page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('gives way to the SPA: removed, and the root shown', () => {
    prerenderedDocument();
    revealApp();
    expect(document.getElementById('prerendered')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
    // A second call (another page rendering) changes nothing.
    revealApp();
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  it('gives way as soon as a page rendered with RevealApp is in the document', () => {
    prerenderedDocument();
    const root = document.getElementById('root')!;
    render(<p>the page</p>, { container: root });
    expect(document.getElementById('prerendered')).not.toBeNull();
    render(<RevealApp />, { container: root });
    expect(document.getElementById('prerendered')).toBeNull();
    expect(root.hidden).toBe(false);
  });

  it('waits, with the page rendered, for a part drawn apart from it (the consent pop-up)', () => {
    prerenderedDocument();
    holdFirstScreen('consent');
    const root = document.getElementById('root')!;
    render(<RevealApp />, { container: root });
    expect(document.getElementById('prerendered')).not.toBeNull();
    expect(root.hidden).toBe(true);
    releaseFirstScreen('consent');
    expect(document.getElementById('prerendered')).toBeNull();
    expect(root.hidden).toBe(false);
  });
});
