import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '@/lib/app-store';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { StepUpDialog } from './step-up-dialog';

// The browser's WebAuthn prompt, closed by the person in these tests.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: () =>
    Promise.reject(Object.assign(new Error('closed'), { name: 'NotAllowedError' })),
}));

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: how `email` signs in, and the session's sign-in time, which a step-up moves. */
function serve(discovery: unknown) {
  let signedInAt = '2026-12-08T00:00:00.000Z';
  const calls: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/api/auth/sso/discover') return json(discovery);
    if (path === '/api/users/me') return json({ email: 'ana@acme.example', signedInAt });
    if (path === '/api/users/me/step-up/link') return json({ status: 'sent' }, 202);
    if (path === '/api/users/me/step-up/options') return json({ options: { challenge: 'c' } });
    return json({ message: 'request.not_found' }, 404);
  });
  return {
    calls,
    stepUp: () => {
      signedInAt = '2026-12-08T00:11:00.000Z';
    },
  };
}

function renderDialog() {
  const onDone = vi.fn();
  render(<StepUpDialog onDone={onDone} />);
  return { onDone, user: userEvent.setup() };
}

beforeEach(async () => {
  await initTestI18n('en');
  vi.stubGlobal('fetch', fetchMock);
  appStore.setState({ user: { email: 'ana@acme.example' } as never });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  appStore.setState({ user: null });
});

describe('the step-up dialog', () => {
  it('says why, and offers a passkey and a fresh link to a person single sign-on does not serve', async () => {
    const server = serve({ method: 'link' });
    const { onDone, user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog).toHaveAccessibleDescription(/sign-in from the last 10 minutes/);
    await waitFor(() => expect(server.calls).toContain('POST /api/auth/sso/discover'));
    expect(screen.queryByRole('button', { name: /Sign in again with/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a sign-in link to ana@acme.example',
    );
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledWith(true);
  });

  it('says a closed passkey prompt proved nothing, and gives the action up on cancel', async () => {
    serve({ method: 'link' });
    const { onDone, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Use my passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/passkey/i);
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('button', { name: 'Cancel the action' })[0]!);
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('offers single sign-on where it serves the person, no link where it is required, and carries on once the session is stepped up', async () => {
    const server = serve({
      method: 'sso',
      provider: 'Acme Cables',
      startPath: '/api/auth/sso/start?email=ana%40acme.example',
      required: true,
    });
    window.history.replaceState(null, '', '/account?tab=data');
    const popup = { close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { onDone, user } = renderDialog();
    const again = await screen.findByRole('button', { name: 'Sign in again with Acme Cables' });
    expect(screen.queryByRole('button', { name: 'E-mail me a sign-in link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeInTheDocument();

    await user.click(again);
    expect(open).toHaveBeenCalledWith(
      `/api/auth/sso/start?email=ana%40acme.example&returnTo=${encodeURIComponent('/account?tab=data')}`,
      'portal-sso-step-up',
      expect.stringContaining('popup'),
    );
    // Still at the provider: the session's sign-in time has not moved, the dialog waits.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(onDone).not.toHaveBeenCalled();
    server.stepUp();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true), { timeout: 3000 });
    expect(popup.close).toHaveBeenCalled();
    open.mockRestore();
  });

  it('says so when the browser blocks the sign-in window', async () => {
    serve({
      method: 'sso',
      provider: 'Acme Cables',
      startPath: '/api/auth/sso/start?staff=1',
      required: false,
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { onDone, user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Sign in again with Acme Cables' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('allow pop-ups');
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
