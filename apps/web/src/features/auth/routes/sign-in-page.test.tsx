import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '@/lib/app-store';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import SignInPage from './sign-in-page';

const fetchMock = vi.fn<typeof fetch>();
const hash = 'A'.repeat(43);

function renderAt(path = `/signin/${hash}`) {
  const router = createMemoryRouter(
    [
      { path: '/signin/:hash', element: <SignInPage /> },
      { path: '/', element: <p>landing</p> },
      { path: '/auth', element: <p>auth screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(async () => {
  await initTestI18n('en');
  vi.stubGlobal('fetch', fetchMock);
  appStore.getState().markSignedOut();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('sign-in page', () => {
  it('never spends the link on load: it waits for the button', async () => {
    renderAt();
    expect(screen.getByRole('heading', { name: 'Sign in to the portal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the hash on press, marks the user signed in and goes where the landing rule says', async () => {
    const user = renderAt();
    const profile = {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'ada@example.com',
      company: null,
      firstName: null,
      lastName: null,
      phone: null,
      locale: 'en',
      rules: [{ action: 'get', subject: 'refill' }],
    };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(profile), { status: 200 }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // `/` sends each person where they belong (app/landing.ts), not always to the drums.
    expect(await screen.findByText('landing')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/signin');
    expect(JSON.parse(String(init?.body))).toEqual({ hash });
    expect(appStore.getState()).toMatchObject({ isAuthenticated: true, rules: profile.rules });
  });

  it('explains an expired link and offers a new one', async () => {
    const user = renderAt();
    fetchMock.mockResolvedValueOnce(
      new Response('{"message":"auth.link_expired"}', { status: 400 }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Get a new link' }));
    expect(await screen.findByText('auth screen')).toBeInTheDocument();
  });

  it('explains a used or unknown link', async () => {
    const user = renderAt();
    fetchMock.mockResolvedValueOnce(
      new Response('{"message":"auth.link_invalid"}', { status: 400 }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { name: 'This link is no longer valid' }),
    ).toBeInTheDocument();
  });
});
