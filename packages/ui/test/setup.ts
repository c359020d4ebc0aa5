import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import './dialog-polyfill';

afterEach(() => cleanup());

// In CI two Vitest workers share two cores, and a screen can take more than findBy's default
// second to settle. A missing element still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks ResizeObserver and scrollIntoView, which cmdk (the command palette) and list
// components call; browsers have both.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
