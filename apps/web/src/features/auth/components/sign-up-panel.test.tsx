import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastRegion } from '@portal/ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { toaster } from '@/lib/toaster';
import { SignUpPanel } from './sign-up-panel';

// The app's toaster, without the removal animation, so each test starts with no toast.
vi.mock('@/lib/toaster', async () => {
  const { createToaster } = await import('@portal/ui/toast');
  return { toaster: createToaster({ removalMs: 0 }) };
});

const fetchMock = vi.fn<typeof fetch>();
/** How the form's question "does single sign-on serve this address?" is answered. */
let discovery: unknown = { method: 'link' };
const discoveryPath = '/api/auth/sso/discover';
/** The browser's fetch: the single sign-on question answered apart from the calls under test. */
const browserFetch: typeof fetch = (input, init) =>
  String(input).endsWith(discoveryPath)
    ? Promise.resolve(
        new Response(JSON.stringify(discovery), {
          headers: { 'content-type': 'application/json' },
        }),
      )
    : fetchMock(input, init);

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
}

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SignUpPanel />
      <ToastRegion toaster={toaster} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(async () => {
  await initTestI18n('en');
  discovery = { method: 'link' };
  vi.stubGlobal('fetch', browserFetch);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  for (const toast of toaster.getSnapshot()) toaster.dismiss(toast.id);
  await new Promise((resolve) => setTimeout(resolve, 5));
});

describe('sign-up form', () => {
  it('keeps the button disabled until the e-mail is valid, validating on every change', async () => {
    const user = renderPanel();
    const button = screen.getByRole('button', { name: 'Sign up' });
    expect(button).toBeDisabled();
    const email = screen.getByLabelText(/E-mail address/);
    await user.type(email, 'ada@');
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(button).toBeDisabled();
    await user.type(email, 'example.com');
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('Please enter a valid e-mail address')).toBeNull();
  });

  it('shows the invalid-email message when the required e-mail is emptied', async () => {
    const user = renderPanel();
    const email = screen.getByLabelText(/E-mail address/);
    await user.type(email, 'a');
    await user.clear(email);
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
  });

  it('sends the trimmed payload, with an empty company left out, then shows the confirmation', async () => {
    const user = renderPanel();
    answer(202, { status: 'sent' });
    await user.type(screen.getByLabelText(/E-mail address/), '  Ada@Example.com ');
    await user.type(screen.getByLabelText(/Company/), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });
    expect(screen.getByText('An e-mail has been sent to ada@example.com.')).toBeInTheDocument();
    // The limit of one mail a minute shows on the resend button.
    expect(screen.getByRole('button', { name: /Send the e-mail again \(\d+ s\)/ })).toBeDisabled();
  });

  it('disables the button and shows a spinner while sending', async () => {
    const user = renderPanel();
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    await user.type(screen.getByLabelText(/E-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const button = screen.getByRole('button', { name: /Sign up/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => release(new Response('{"status":"sent"}', { status: 202 })));
  });

  it('shows one error toast per errors entry, translated from its errorCode', async () => {
    const user = renderPanel();
    answer(400, {
      message: 'request.invalid',
      errors: [
        { field: 'email', errorCode: 'field.invalid_email' },
        { field: 'company', errorCode: 'field.too_long' },
      ],
    });
    await user.type(screen.getByLabelText(/E-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Please enter a valid e-mail address.'),
      expect.stringContaining('This value is too long.'),
    ]);
    expect(alerts[0]).toHaveTextContent('Error');
  });

  it('shows the translated message when the body has no errors list, and the wait from Retry-After', async () => {
    const user = renderPanel();
    answer(429, { message: 'request.rate_limited' }, { 'retry-after': '42' });
    await user.type(screen.getByLabelText(/E-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('shows one toast asking to check the connection when no answer came back', async () => {
    const user = renderPanel();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.type(screen.getByLabelText(/E-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('Check your connection and try again.');
  });
});

describe('confirmation view', () => {
  it('re-sends the last payload and confirms with a success toast once the wait is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <SignUpPanel />
          <ToastRegion toaster={toaster} />
        </QueryClientProvider>,
      );
      answer(202, { status: 'sent' });
      await user.type(screen.getByLabelText(/E-mail address/), 'ada@example.com');
      await user.type(screen.getByLabelText(/Company/), 'Acme');
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      await screen.findByRole('heading', { name: 'Thank you!' });
      await act(async () => vi.advanceTimersByTime(61_000));
      const resend = await screen.findByRole('button', { name: 'Send the e-mail again' });
      answer(202, { status: 'sent' });
      await user.click(resend);
      expect(
        await screen.findByText('A new e-mail has just been sent to you.'),
      ).toBeInTheDocument();
      expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
        email: 'ada@example.com',
        company: 'Acme',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('single sign-on', () => {
  it('offers the identity provider once an address of its domain is typed, and says when it is the only way', async () => {
    discovery = {
      method: 'sso',
      provider: 'Acme Cables',
      startPath: '/api/auth/sso/start?email=ana%40acme.example',
      required: true,
    };
    const user = renderPanel();
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@acme.example');
    expect(screen.queryByRole('link', { name: /Acme Cables/ })).not.toBeInTheDocument();
    await user.tab();
    const link = await screen.findByRole('link', { name: 'Continue with Acme Cables' });
    expect(link).toHaveAttribute('href', '/api/auth/sso/start?email=ana%40acme.example');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your company signs you in with Acme Cables. Your company requires it: no sign-in link is mailed to this address.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers nothing for an address that signs in with a link', async () => {
    const user = renderPanel();
    await user.type(screen.getByLabelText(/E-mail address/), 'ada@example.com');
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
