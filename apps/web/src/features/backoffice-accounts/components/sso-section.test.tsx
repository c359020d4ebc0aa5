import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetail, AccountSso } from '@portal/contract';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import accountsEn from '../../../../../../packages/locales/accounts/en.json';
import { SsoSection } from './sso-section';

const fetchMock = vi.fn<typeof fetch>();
const accountId = '00000000-0000-4000-8000-0000000000c1';
const account = {
  id: accountId,
  name: 'Acme Cables',
  verifiedDomains: ['acme.example', 'acme-group.example'],
} as AccountDetail;
const stored: AccountSso = {
  configured: true,
  issuer: 'https://login.acme.example',
  clientId: 'portal',
  hasClientSecret: true,
  domains: ['acme.example'],
  defaultRole: 'viewer',
  invitationOnly: false,
  requireSso: false,
};

function renderSection(canEdit: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SsoSection account={account} canEdit={canEdit} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  const i18n = await initTestI18n('en');
  i18n.addResourceBundle('en', 'accounts', accountsEn);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (_input, init) =>
    json(init?.method === 'PUT' ? { ...stored, requireSso: true } : stored),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("the account's single sign-on", { timeout: 20_000 }, () => {
  it('lets a manager replace the secret, never showing the stored one, and saves the choices', async () => {
    const user = renderSection(true);
    const secret = await screen.findByLabelText(/^Client secret/);
    expect(secret).toHaveValue('');
    expect(screen.getByText(/A secret is stored and never shown/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Issuer URL/)).toHaveValue('https://login.acme.example');
    await user.click(screen.getByRole('radio', { name: 'Buyer' }));
    await user.click(screen.getByRole('checkbox', { name: /Require single sign-on/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const put = () => fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    await waitFor(() => expect(put()).toBeDefined());
    const [url, init] = put() ?? [];
    expect(String(url)).toBe(`/api/backoffice/accounts/${accountId}/sso`);
    expect(JSON.parse(String(init?.body))).toEqual({
      issuer: 'https://login.acme.example',
      clientId: 'portal',
      clientSecret: '',
      domains: ['acme.example'],
      defaultRole: 'buyer',
      invitationOnly: false,
      requireSso: true,
    });
  });

  it('shows an agent what is set, with nothing to change', async () => {
    renderSection(false);
    expect(await screen.findByText('https://login.acme.example')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
