import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../../../packages/ui/test/dialog-polyfill';

afterEach(() => cleanup());

// In CI two Vitest workers share two cores, and a screen can take more than findBy's default
// second to settle. A missing element still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });
