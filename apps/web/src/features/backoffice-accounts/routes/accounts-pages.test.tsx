import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetail, ImportReport, StaffMember } from '@portal/contract';
import { captureDownloads } from '@/lib/testing/downloads';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { actAs } from '@/lib/testing/role';
import accountsEn from '../../../../../../packages/locales/accounts/en.json';
import accountsFr from '../../../../../../packages/locales/accounts/fr.json';
import documentsEn from '../../../../../../packages/locales/documents/en.json';
import integrationEn from '../../../../../../packages/locales/integration/en.json';
import AccountPage from './account-page';
import AccountsPage from './accounts-page';

const fetchMock = vi.fn<typeof fetch>();
const accountId = '00000000-0000-4000-8000-0000000000c1';
const siteId = '00000000-0000-4000-8000-0000000000a1';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/backoffice/accounts', element: <AccountsPage /> },
      { path: '/backoffice/accounts/:id', element: <AccountPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const account: AccountDetail = {
  id: accountId,
  name: 'Acme Cables',
  verifiedDomains: ['acme.example'],
  notes: null,
  suspended: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  sites: [
    {
      id: siteId,
      name: 'Port',
      city: 'Lyon',
      address: null,
      contacts: null,
      deliveryInstructions: null,
    },
  ],
  drums: [],
  equipment: [],
  users: [],
};

const dryRun: ImportReport = {
  applied: false,
  created: 1,
  updated: 0,
  rejected: 1,
  rows: [
    { line: 2, serial: 'D-1', outcome: 'create', reason: null, column: null },
    { line: 3, serial: 'D-2', outcome: 'reject', reason: 'unknown_site', column: 'site' },
  ],
};

beforeEach(async () => {
  const i18n = await initTestI18n('en');
  i18n.addResourceBundle('en', 'accounts', accountsEn);
  i18n.addResourceBundle('en', 'integration', integrationEn);
  i18n.addResourceBundle('en', 'documents', documentsEn);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('the accounts page', { timeout: 20_000 }, () => {
  it('lists and searches accounts, and a manager creates one, landing on its page', async () => {
    actAs('manager');
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/backoffice/accounts/audit')) {
        return json({ events: [], nextOffset: null });
      }
      if (url === '/api/backoffice/accounts' && init?.method === 'POST') {
        return json({ id: accountId }, 201);
      }
      if (url.startsWith(`/api/backoffice/accounts/${accountId}`)) return json(account);
      const search = new URL(url, 'http://localhost').searchParams.get('search');
      return json({
        accounts: search === 'zzz' ? [] : [{ ...account, sites: 1, drums: 0, users: 0 }],
        nextOffset: null,
      });
    });
    const { user, router } = renderAt('/backoffice/accounts');
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(await within(table).findByRole('link', { name: 'Acme Cables' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search an account by name' }), 'zzz');
    await within(table).findByText('Nothing yet');
    expect(within(table).queryByRole('link', { name: 'Acme Cables' })).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New account' });
    await user.type(within(form).getByRole('textbox', { name: 'Company name' }), 'Acme Cables');
    await user.type(
      within(form).getByRole('textbox', { name: /Verified e-mail domains/ }),
      'acme.example, @acme.fr',
    );
    await user.click(within(form).getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByRole('heading', { name: 'Acme Cables' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/backoffice/accounts/${accountId}`);
    const [, init] = fetchMock.mock.calls.find(
      ([url, request]) => url === '/api/backoffice/accounts' && request?.method === 'POST',
    )!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Acme Cables',
      verifiedDomains: ['acme.example', 'acme.fr'],
    });
  });

  it('lists the staff, and a manager adds an agent; a customer address is refused under the field', async () => {
    actAs('manager');
    const staff: StaffMember[] = [
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        email: 'boss@provider.example',
        firstName: 'Marie',
        lastName: 'Curie',
        role: 'manager',
        lastSignInAt: '2026-11-20T08:00:00.000Z',
      },
    ];
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/audit')) return json({ events: [], nextOffset: null });
      if (url === '/api/backoffice/staff' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Pick<StaffMember, 'email' | 'role'>;
        posted.push(body);
        if (body.email === 'ada@acme.example') return json({ message: 'staff.customer_user' }, 409);
        const member: StaffMember = {
          id: '00000000-0000-4000-8000-0000000000f2',
          email: body.email,
          role: body.role,
          firstName: null,
          lastName: null,
          lastSignInAt: null,
        };
        staff.push(member);
        return json(member, 201);
      }
      if (url.startsWith('/api/backoffice/staff')) return json({ staff, nextOffset: null });
      return json({ accounts: [], nextOffset: null });
    });
    const { user } = renderAt('/backoffice/accounts');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(await within(table).findByText('Marie Curie')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a staff member' });
    const address = within(form).getByRole('textbox', { name: /E-mail address/ });

    await user.type(address, 'ada@acme.example');
    await user.click(within(form).getByRole('button', { name: 'Add to the staff' }));
    expect(
      await within(form).findByText(/belongs to a user of a customer account/),
    ).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'new.agent@provider.example');
    await user.click(within(form).getByRole('radio', { name: 'English' }));
    await user.click(within(form).getByRole('button', { name: 'Add to the staff' }));
    // Without a name yet, the address stands for it.
    expect(await within(table).findAllByText('new.agent@provider.example')).toHaveLength(2);
    expect(posted.at(-1)).toEqual({
      email: 'new.agent@provider.example',
      role: 'agent',
      locale: 'en',
    });
    expect(address).toHaveValue('');
  });

  it('shows an agent the accounts without the form to create one', async () => {
    actAs('agent');
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/audit')
        ? json({ events: [], nextOffset: null })
        : json({ accounts: [], nextOffset: null }),
    );
    renderAt('/backoffice/accounts');
    expect(await screen.findByRole('heading', { name: 'Customer accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a staff member' })).not.toBeInTheDocument();
  });
});

describe('the account page', { timeout: 20_000 }, () => {
  it('checks a CSV file, shows the row-by-row report, then applies the valid rows', async () => {
    actAs('manager');
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/audit')) return json({ events: [], nextOffset: null });
      if (url.includes('/api-keys')) return json({ apiKeys: [], nextOffset: null });
      if (url.includes('/devices')) return json({ devices: [], nextOffset: null });
      if (url.startsWith('/api/catalog/')) return json([]);
      if (url.endsWith('/import')) {
        const body = JSON.parse(String(init?.body)) as { apply: boolean };
        bodies.push(body);
        return json(body.apply ? { ...dryRun, applied: true } : dryRun);
      }
      return json(account);
    });
    const { user } = renderAt(`/backoffice/accounts/${accountId}`);
    const section = await screen.findByRole('region', { name: 'Import a CSV file' });
    const file = new File(
      [
        'serial;drum_type;cable_reference;initial_length_m;site;delivered_on\nD-1;T1;C;100;Port;2026-11-01\n',
      ],
      'drums.csv',
      { type: 'text/csv' },
    );
    await user.upload(section.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(within(section).getByRole('button', { name: 'Check the file' }));
    const report = await within(section).findByRole('table', { name: 'Row-by-row report' });
    expect(within(report).getByText('Unknown site in this account')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ kind: 'drums', apply: false });
    expect((bodies[0] as { csv: string }).csv).toContain('D-1;T1;C;100;Port;2026-11-01');

    await user.click(within(section).getByRole('button', { name: 'Import 1 valid row' }));
    expect(await within(section).findByText(/^Import done/)).toHaveTextContent(
      'Import done — 1 created, 0 updated, 1 rejected',
    );
    expect(bodies[1]).toMatchObject({ kind: 'drums', apply: true });
  });
});

describe("an account's size", () => {
  const sized: AccountDetail = {
    ...account,
    sites: [account.sites[0]!, { ...account.sites[0]!, id: `${siteId.slice(0, -1)}2` }],
    users: [],
  };

  it.each([
    ['en', '2 sites, 0 drums, 0 users'],
    ['fr', '2 sites, 0 touret, 0 utilisateur'],
  ] as const)(
    'is written in %s with plural forms',
    { timeout: 20_000 },
    async (language, detail) => {
      const i18n = await initTestI18n(language);
      i18n.addResourceBundle('en', 'accounts', accountsEn);
      i18n.addResourceBundle('fr', 'accounts', accountsFr);
      actAs('agent');
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        if (url.includes('/audit')) return json({ events: [], nextOffset: null });
        if (url.includes('/api-keys')) return json({ apiKeys: [], nextOffset: null });
        if (url.includes('/devices')) return json({ devices: [], nextOffset: null });
        if (url.includes('/staff')) return json({ staff: [] });
        if (url.includes('/registrations')) return json({ registrations: [] });
        if (url.startsWith('/api/catalog/')) return json([]);
        return json(sized);
      });
      renderAt(`/backoffice/accounts/${accountId}`);
      expect(await screen.findByText(detail)).toBeInTheDocument();
    },
  );
});

describe("the account page's audit trail", () => {
  it('reads each entry as a sentence naming people and sites, never raw values or ids', async () => {
    actAs('agent');
    const event = {
      id: '00000000-0000-4000-8000-0000000000b1',
      at: '2026-11-23T09:00:00.000Z',
      actor: 'ada@acme.example',
      actorName: 'Ada Lovelace',
      action: 'member.role_changed',
      target: 'bob@acme.example',
      targetName: 'Bob Martin',
      before: { role: 'buyer', siteIds: null },
      after: { role: 'buyer', siteIds: [siteId] },
      names: { [siteId]: 'Port' },
      accountId,
    };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/audit')) return json({ events: [event], nextOffset: null });
      if (url.includes('/api-keys')) return json({ apiKeys: [], nextOffset: null });
      if (url.includes('/devices')) return json({ devices: [], nextOffset: null });
      if (url.startsWith('/api/catalog/')) return json([]);
      return json(account);
    });
    renderAt(`/backoffice/accounts/${accountId}`);
    const trail = await screen.findByRole('region', { name: 'Audit trail' });
    expect(
      await within(trail).findByText('Ada Lovelace changed the access of Bob Martin.'),
    ).toBeInTheDocument();
    expect(within(trail).getByText('Sites: all sites → Port')).toBeInTheDocument();
    expect(trail).not.toHaveTextContent(siteId);
    expect(trail).not.toHaveTextContent('{');
  });
});

describe("the account page's integration", () => {
  const drumId = '00000000-0000-4000-8000-0000000000d1';
  const withDrum: AccountDetail = {
    ...account,
    drums: [
      {
        id: drumId,
        serial: 'TR-9',
        drumType: 'T1',
        cableReference: 'C',
        initialLength: 1000,
        siteId,
        deliveredOn: '2026-11-01',
      },
    ],
  };
  const apiKey = {
    id: '00000000-0000-4000-8000-0000000000f1',
    name: 'Line 3 gateway',
    prefix: 'cpk_AbCdEfGh',
    scopes: ['readings:write'],
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
  };
  const device = {
    id: '00000000-0000-4000-8000-0000000000e1',
    devEui: '70B3D57ED0051A2F',
    drum: null,
    firstSeenAt: null,
    lastSeenAt: null,
    uplinks: 0,
  };
  const calls: Array<{ method: string; url: string; body: unknown }> = [];

  function staffApi() {
    calls.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/audit')) return json({ events: [], nextOffset: null });
      if (url.startsWith('/api/catalog/')) return json([]);
      if (url.includes('/api-keys') && method === 'POST') {
        return json({ apiKey: { ...apiKey, name: 'ERP' }, key: 'cpk_StaffMadeKey' }, 201);
      }
      if (url.includes('/api-keys')) return json({ apiKeys: [apiKey], nextOffset: null });
      if (url.includes('/devices')) return json({ devices: [device], nextOffset: null });
      if (url.endsWith('/device')) return json({ drumId, devEui: device.devEui });
      return json(withDrum);
    });
  }

  it("gives a manager the admin's own panels on the staff routes of this account", async () => {
    actAs('manager');
    staffApi();
    const { user } = renderAt(`/backoffice/accounts/${accountId}`);
    const section = await screen.findByRole('region', { name: 'Integration' });
    const keys = within(section).getByRole('region', { name: 'API keys' });
    expect(await within(keys).findByText('Line 3 gateway')).toBeInTheDocument();
    expect(calls.map(({ url }) => url)).toContain(
      `/api/backoffice/accounts/${accountId}/api-keys?offset=0`,
    );

    const form = within(keys).getByRole('form', { name: 'Create a key' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'ERP');
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new key “ERP”' });
    expect(dialog).toHaveTextContent('cpk_StaffMadeKey');
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `/api/backoffice/accounts/${accountId}/api-keys`,
        body: { name: 'ERP', scopes: ['readings:write'] },
      },
    ]);
    await user.click(within(dialog).getAllByRole('button', { name: 'I have copied it' })[0]!);

    const sensors = within(section).getByRole('region', { name: 'LoRaWAN sensors' });
    await user.click(
      await within(sensors).findByRole('combobox', { name: /^Drum for sensor 70B3D57ED0051A2F/ }),
    );
    await user.click(screen.getByRole('option', { name: 'TR-9' }));
    await user.click(within(sensors).getByRole('button', { name: 'Map 70B3D57ED0051A2F' }));
    await vi.waitFor(() =>
      expect(calls.filter(({ method }) => method === 'PUT')).toEqual([
        {
          method: 'PUT',
          url: `/api/backoffice/accounts/${accountId}/drums/${drumId}/device`,
          body: { devEui: '70B3D57ED0051A2F' },
        },
      ]),
    );
  });

  it('shows an agent the keys and sensors without creating, revoking or mapping', async () => {
    actAs('agent');
    staffApi();
    renderAt(`/backoffice/accounts/${accountId}`);
    const section = await screen.findByRole('region', { name: 'Integration' });
    expect(await within(section).findByText('Line 3 gateway')).toBeInTheDocument();
    expect(await within(section).findByText('70B3D57ED0051A2F')).toBeInTheDocument();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("lets staff print the account's drum labels through the staff route", async () => {
    actAs('agent');
    staffApi();
    const downloads = captureDownloads();
    const { user } = renderAt(`/backoffice/accounts/${accountId}`);
    const drums = await screen.findByRole('region', { name: 'Drums (1)' });
    await user.click(within(drums).getByRole('button', { name: 'Print labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print drum labels' });
    await user.click(within(dialog).getByRole('radio', { name: /^4 labels per A4 sheet/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Download the PDF' }));
    expect(downloads).toEqual([
      `/api/backoffice/accounts/${accountId}/drum-labels?sheet=a4-4&drum=${drumId} true`,
    ]);
  });
});
