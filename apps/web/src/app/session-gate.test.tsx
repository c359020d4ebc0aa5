import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { appStore } from '@/lib/app-store';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { SessionGate } from './session-gate';

const initial = appStore.getState();
const reactsToAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  appStore.setState(initial, true);
  reactsToAct.IS_REACT_ACT_ENVIRONMENT = true;
});

it('draws the app once the session is known, in a background render, not in the urgent one', async () => {
  // As in the browser: no act() flushing every render at once.
  reactsToAct.IS_REACT_ACT_ENVIRONMENT = false;
  render(
    <SessionGate>
      <p>the app</p>
    </SessionGate>,
  );
  expect(screen.getByRole('status')).toBeInTheDocument();
  appStore.getState().markSignedOut();
  // The store's update is urgent: React renders it in a microtask. The app is not drawn there.
  await Promise.resolve();
  await Promise.resolve();
  expect(screen.queryByText('the app')).not.toBeInTheDocument();
  expect(await screen.findByText('the app')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
