import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { ProfileDialog } from './profile-dialog';

const saved = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  email: 'ada@example.com',
  company: null,
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+33612345678',
  locale: 'en',
  rules: [],
};

function renderDialog(mode: 'edit' | 'welcome', onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfileDialog
        isOpen
        mode={mode}
        onClose={onClose}
        profile={{ firstName: null, lastName: null, phone: null }}
      />
    </QueryClientProvider>,
  );
  return { client, onClose };
}

/** The dialog moves focus in on open (asynchronously): type only once it has. */
async function focusSettled() {
  const dialog = screen.getByRole('dialog');
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
}

describe('profile dialog', () => {
  beforeAll(() => initTestI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('requires first and last name and checks the phone format on change', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog('edit');
    await focusSettled();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '0612');
    expect(
      await screen.findByText(/international format, for example/, {}, { timeout: 3000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('PATCHes /api/users/me with the names and phone, then closes', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify(saved), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { client, onClose } = renderDialog('edit');
    await focusSettled();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), ' Grace ');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+33 6 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3000 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users/me');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+33612345678',
      locale: 'en',
    });
    expect(client.getQueryData(['profile'])).toEqual(saved);
  });

  it.each([
    ['en', 'Language', 'Français', 'fr'],
    ['fr', 'Langue', 'English', 'en'],
  ] as const)(
    'in %s offers the language as a profile setting, saves it and switches the interface',
    async (language, legend, other, code) => {
      await initTestI18n(language);
      const fetchMock = vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ ...saved, locale: code }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <ProfileDialog
            isOpen
            mode="edit"
            onClose={vi.fn()}
            profile={{ firstName: 'Grace', lastName: 'Hopper', phone: null, locale: language }}
          />
        </QueryClientProvider>,
      );
      await focusSettled();
      const group = screen.getByRole('group', { name: legend });
      const current = screen.getByRole('radio', { checked: true });
      expect(group).toContainElement(current);
      const user = userEvent.setup();
      await user.click(screen.getByRole('radio', { name: other }));
      await user.click(screen.getByRole('button', { name: /^(Save|Enregistrer)$/ }));
      await waitFor(() => expect(i18n.language).toBe(code));
      const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(JSON.parse(String(init.body))).toMatchObject({ locale: code });
      await i18n.changeLanguage('en');
    },
  );

  it('the welcome question has no close button and ignores Escape', async () => {
    const { onClose } = renderDialog('welcome');
    await focusSettled();
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeVisible();
  });
});
