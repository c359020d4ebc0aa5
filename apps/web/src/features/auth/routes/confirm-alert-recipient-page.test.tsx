import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import ConfirmAlertRecipientPage from './confirm-alert-recipient-page';

const fetchMock = vi.fn<typeof fetch>();
const token = 'B'.repeat(43);

function renderPage() {
  const router = createMemoryRouter(
    [{ path: '/alerts/confirm/:token', element: <ConfirmAlertRecipientPage /> }],
    { initialEntries: [`/alerts/confirm/${token}`] },
  );
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe.each([
  {
    language: 'en',
    title: 'Receive drum alerts',
    button: 'Confirm',
    done: 'out@example.org will now receive the drum alerts of this customer.',
    dead: 'This confirmation link is not valid or has already been used.',
    expired: /^This confirmation link has expired \(a link works for 7 days\)/,
  },
  {
    language: 'fr',
    title: 'Recevoir les alertes de tourets',
    button: 'Confirmer',
    done: 'out@example.org recevra désormais les alertes de tourets de ce client.',
    dead: "Ce lien de confirmation n'est pas valide ou a déjà servi.",
    expired: /^Ce lien de confirmation a expiré \(un lien est valable 7\sjours\)/,
  },
] as const)('alert recipient confirmation page ($language)', (texts) => {
  beforeEach(async () => {
    await initTestI18n(texts.language);
    vi.stubGlobal('fetch', fetchMock);
  });

  it('confirms nothing on load, then posts the token on press and says it is done', async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { name: texts.title })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ email: 'out@example.org' }), { status: 200 }),
    );
    await user.click(screen.getByRole('button', { name: texts.button }));
    expect(await screen.findByRole('status')).toHaveTextContent(texts.done);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/alerts/recipients/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token });
  });

  it('explains a used or unknown link', async () => {
    const user = renderPage();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'alerts.confirmation_link_invalid' }), {
        status: 400,
      }),
    );
    await user.click(screen.getByRole('button', { name: texts.button }));
    expect(await screen.findByText(texts.dead)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.button })).not.toBeInTheDocument();
  });

  it('explains an expired link and how to get a new one', async () => {
    const user = renderPage();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'alerts.confirmation_link_expired' }), {
        status: 400,
      }),
    );
    await user.click(screen.getByRole('button', { name: texts.button }));
    expect(await screen.findByText(texts.expired)).toBeInTheDocument();
    expect(screen.queryByText(texts.dead)).not.toBeInTheDocument();
  });
});
