import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, i18nOptions } from '@/lib/i18n';
import '../../../packages/ui/test/dialog-polyfill';

// The app's i18next in French with no texts, so a key shows as it is: a test that needs texts
// adds them (lib/testing/i18n-for-tests.ts), nothing is fetched.
await i18n.init({ ...i18nOptions, lng: 'fr', resources: {}, initAsync: false });

afterEach(() => cleanup());

// In CI two Vitest workers share two cores, and a screen can take more than findBy's default
// second to settle. A missing element still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });
