import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import registrationEn from '../../../../../../packages/locales/registration/en.json';
import RegistrationPage from './registration-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RegistrationPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(async () => {
  const i18n = await initTestI18n('en');
  i18n.addResourceBundle('en', 'registration', registrationEn);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the registration page', () => {
  it('sends company, site and phone after a rejection, then says the request is being reviewed', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? json({ status: 'pending', reason: null })
        : json({ status: 'rejected', reason: 'Unknown company' }),
    );
    const user = renderPage();
    expect(
      await screen.findByText(/Your previous request was not accepted. Reason: Unknown company/),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Company/ }), 'Acme');
    await user.type(screen.getByRole('textbox', { name: /Site/ }), 'Lyon');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+33 6 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(
      await screen.findByRole('heading', { name: 'We are reviewing your request' }),
    ).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      company: 'Acme',
      site: 'Lyon',
      phone: '+33 6 12 34 56 78',
    });
  });

  it('tells a colleague who joined by the domain that their admin must approve', async () => {
    fetchMock.mockResolvedValue(json({ status: 'awaiting_admin', reason: null }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: "Waiting for your admin's approval" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the request' })).not.toBeInTheDocument();
  });
});
