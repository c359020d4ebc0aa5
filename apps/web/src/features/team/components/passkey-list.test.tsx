import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '@portal/contract';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import teamEn from '../../../../../../packages/locales/team/en.json';
import teamFr from '../../../../../../packages/locales/team/fr.json';
import { PasskeyList } from './passkey-list';

// The browser's WebAuthn prompt: what a device answers, or its refusal when closed.
const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: (...args: unknown[]) => startRegistration(...args) as unknown,
}));

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const laptop: Passkey = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Work laptop',
  createdAt: '2026-11-02T09:00:00.000Z',
  lastUsedAt: null,
};

/** A server holding `stored`, which the list's calls change as the real one would. */
function serve(stored: Passkey[]) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    if (method === 'GET' && path === '/api/users/me/passkeys') return json({ passkeys: stored });
    if (path === '/api/users/me/passkeys/options') return json({ options: { challenge: 'c' } });
    if (method === 'POST' && path === '/api/users/me/passkeys') {
      const { name } = body as { name: string };
      stored.push({ ...laptop, id: `${laptop.id.slice(0, -1)}b`, name });
      return json({}, 201);
    }
    const id = path.split('/').pop();
    if (method === 'PATCH') {
      const { name } = body as { name: string };
      stored.forEach((each) => {
        if (each.id === id) each.name = name;
      });
      return json(stored.find((each) => each.id === id));
    }
    if (method === 'DELETE') {
      stored.splice(
        stored.findIndex((each) => each.id === id),
        1,
      );
      return json(null, 204);
    }
    return json({ message: 'request.not_found' }, 404);
  });
  return calls;
}

function renderList() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <PasskeyList />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(async () => {
  await initTestI18n('en');
  i18n.addResourceBundle('en', 'team', teamEn);
  i18n.addResourceBundle('fr', 'team', teamFr);
  vi.stubGlobal('fetch', fetchMock);
  startRegistration.mockResolvedValue({ id: 'credential', response: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  startRegistration.mockReset();
});

describe('the passkey list', () => {
  it('adds a passkey under the name typed, refusing an empty name first', async () => {
    const calls = serve([]);
    const user = renderList();
    expect(await screen.findByText('You have no passkey yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      screen.getByRole('textbox', { name: 'Name of the new passkey' }),
    ).toHaveAccessibleDescription(expect.stringContaining('Give the passkey a name'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Name of the new passkey' }), ' Phone ');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Phone')).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c' } });
    expect(
      calls.find((call) => call.path === '/api/users/me/passkeys' && call.method === 'POST'),
    ).toMatchObject({ body: { name: 'Phone', credential: { id: 'credential' } } });
    expect(screen.getByRole('textbox', { name: 'Name of the new passkey' })).toHaveValue('');
  });

  it('says so and adds nothing when the device prompt is closed', async () => {
    const calls = serve([]);
    startRegistration.mockRejectedValue(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    const user = renderList();
    await user.type(
      await screen.findByRole('textbox', { name: 'Name of the new passkey' }),
      'Phone',
    );
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(startRegistration).toHaveBeenCalled());
    expect(
      calls.some((call) => call.path === '/api/users/me/passkeys' && call.method === 'POST'),
    ).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Name of the new passkey' })).toHaveValue('Phone');
    expect(screen.getByText('You have no passkey yet.')).toBeInTheDocument();
  });

  it('renames a passkey in place, the field taking the focus', async () => {
    const calls = serve([{ ...laptop }]);
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const field = screen.getByRole('textbox', { name: 'New name for Work laptop' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Old laptop');
    await user.click(screen.getByRole('button', { name: 'Save the name' }));
    expect(await screen.findByText('Old laptop')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/api/users/me/passkeys/${laptop.id}`,
      body: { name: 'Old laptop' },
    });
  });

  it('removes a passkey only once the removal is confirmed', async () => {
    const calls = serve([{ ...laptop }]);
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    await user.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const row = screen.getByText('Work laptop').closest('li');
    await user.click(within(row!).getByRole('button', { name: 'Remove Work laptop' }));
    await user.click(screen.getByRole('button', { name: 'Yes: Remove Work laptop' }));
    expect(await screen.findByText('You have no passkey yet.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/users/me/passkeys/${laptop.id}`,
    ]);
  });
});
