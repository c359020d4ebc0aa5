import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY, consentStore, defaultConsentRecord } from '@/lib/consent-store';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { ConsentPrompt } from './consent-prompt';

function renderPrompt() {
  const router = createMemoryRouter([{ path: '*', element: <ConsentPrompt /> }]);
  return render(<RouterProvider router={router} />);
}

describe('consent pop-up', () => {
  beforeAll(() => initTestI18n('en'));
  beforeEach(() => {
    window.localStorage.clear();
    consentStore.setState({ record: defaultConsentRecord });
  });

  it('shows the title, heading, text, an accept switch on by default and OK', async () => {
    renderPrompt();
    const dialog = await screen.findByRole('dialog', { name: 'Your privacy' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Consent to data collection' })).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Accept' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'OK' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });

  it('cannot be closed with Escape', async () => {
    const user = userEvent.setup();
    renderPrompt();
    await screen.findByRole('dialog', { name: 'Your privacy' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your privacy' })).toBeInTheDocument();
  });

  it('OK saves version 1 with the chosen flag and closes; invalidating shows it again', async () => {
    const user = userEvent.setup();
    renderPrompt();
    await user.click(await screen.findByRole('switch', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? '{}')).toMatchObject({
      version: 1,
      analytics: { isGoogleAnalyticsEnabled: false },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => consentStore.getState().invalidate());
    expect(await screen.findByRole('dialog', { name: 'Your privacy' })).toBeInTheDocument();
    // It starts from the last choice.
    expect(screen.getByRole('switch', { name: 'Accept' })).not.toBeChecked();
  });
});
