import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, SensorDevice } from '@portal/contract';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { actAs } from '@/lib/testing/role';
import integrationEn from '../../../../../../packages/locales/integration/en.json';
import integrationFr from '../../../../../../packages/locales/integration/fr.json';
import { ConnectGuide } from '../components/connect-guide';
import IntegrationPage from './integration-page';

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const drumA = { id: '00000000-0000-4000-8000-0000000000d1', serial: 'TR-0001' };
const drumB = { id: '00000000-0000-4000-8000-0000000000d2', serial: 'TR-0002' };

const gateway: ApiKey = {
  id: '00000000-0000-4000-8000-0000000000k1',
  name: 'Lyon gateway',
  prefix: 'cpk_AbCdEfGh',
  scopes: ['readings:write', 'drums:read'],
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-25T10:30:00.000Z',
  revokedAt: null,
  expiresAt: null,
  rotatedAt: null,
};
const oldKey: ApiKey = {
  ...gateway,
  id: '00000000-0000-4000-8000-0000000000k2',
  name: 'Old ERP',
  prefix: 'cpk_ZyXwVuTs',
  scopes: ['drums:read'],
  lastUsedAt: null,
  revokedAt: '2026-11-21T09:00:00.000Z',
};
const unmapped: SensorDevice = {
  id: '00000000-0000-4000-8000-0000000000e1',
  devEui: '70B3D57ED0051A2F',
  drum: null,
  firstSeenAt: '2026-11-24T08:00:00.000Z',
  lastSeenAt: '2026-11-25T08:00:00.000Z',
  uplinks: 3,
};
const mapped: SensorDevice = {
  ...unmapped,
  id: '00000000-0000-4000-8000-0000000000e2',
  devEui: '70B3D57ED0051A30',
  drum: drumB,
  uplinks: 1,
};

/** The API as the page sees it, recording what was sent. */
function fakeApi({ keys = [gateway, oldKey], devices = [unmapped, mapped] } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/integration/api-keys') && method === 'GET') {
      return json({
        apiKeys: keys,
        nextOffset: null,
        policy: { maxLifetimeDays: 90, rotationOverlapHours: 24, expiryWarningDays: 14 },
      });
    }
    if (url === '/api/integration/api-keys' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string; scopes: ApiKey['scopes'] };
      return json(
        {
          apiKey: { ...gateway, id: '00000000-0000-4000-8000-0000000000k3', ...body },
          key: 'cpk_NewKeyNewKeyNewKeyNewKeyNewKeyNewKeyNewKey123',
        },
        201,
      );
    }
    if (url.endsWith('/rotate') && method === 'POST') {
      return json(
        {
          apiKey: { ...gateway, id: '00000000-0000-4000-8000-0000000000k4' },
          key: 'cpk_RotatedRotatedRotatedRotatedRotatedRotated12',
        },
        201,
      );
    }
    if (url.startsWith('/api/integration/api-keys/') && method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    if (url.startsWith('/api/integration/devices')) {
      return json({ devices, nextOffset: null });
    }
    if (url.startsWith('/api/integration/drums/') && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as { devEui: string | null };
      return json({ drumId: url.split('/')[4], devEui: body.devEui });
    }
    if (url === '/api/refill/drums') {
      return json({
        drums: [drumB, drumA],
        thresholds: { thresholdPct: 20, criticalPct: 10 },
        rentTerms: {},
      });
    }
    return json({ message: 'request.not_found' }, 404);
  });
}

const sent = (method: string, prefix: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix))
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/integration', element: <IntegrationPage /> }], {
    initialEntries: ['/integration'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(async () => {
  const i18n = await initTestI18n('en');
  i18n.addResourceBundle('en', 'integration', integrationEn);
  i18n.addResourceBundle('fr', 'integration', integrationFr);
  await i18n.changeLanguage('en');
  vi.stubGlobal('fetch', fetchMock);
  actAs('admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the API keys of the integration page', { timeout: 20_000 }, () => {
  it('lists each key with what it may do, its prefix and its use; a revoked key says so and cannot be revoked', async () => {
    fakeApi();
    renderPage();
    const keys = await screen.findByRole('region', { name: 'API keys' });
    const [first, second] = await within(keys).findAllByRole('listitem');
    expect(first).toHaveTextContent('Lyon gateway');
    expect(first).toHaveTextContent('cpk_AbCdEfGh…');
    expect(first).toHaveTextContent('May: send readings and read the drums');
    expect(first).toHaveTextContent(/last used Nov 25, 2026/);
    expect(within(first!).getByRole('button', { name: 'Revoke Lyon gateway' })).toBeEnabled();
    expect(second).toHaveTextContent('never used');
    expect(second).toHaveTextContent(/Revoked Nov 21, 2026/);
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('creates a key once named and scoped, shows it once with a copy button that says it copied', async () => {
    fakeApi({ keys: [] });
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = renderPage();
    // userEvent installs its own clipboard: the page's is replaced after it.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByText('No API key yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create a key' });
    await user.click(within(form).getByRole('checkbox', { name: /send readings/ }));
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));
    expect(within(form).getByText('Give the key a name.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one permission.')).toBeInTheDocument();
    expect(sent('POST', '/api/integration/api-keys')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), '  Line 3 PLC ');
    await user.click(within(form).getByRole('checkbox', { name: /read the drums/ }));
    await user.click(within(form).getByRole('checkbox', { name: /send readings/ }));
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new key “Line 3 PLC”' });
    // The contract's order, whatever the order of the ticks.
    expect(sent('POST', '/api/integration/api-keys')).toEqual([
      {
        url: '/api/integration/api-keys',
        body: { name: 'Line 3 PLC', scopes: ['readings:write', 'drums:read'] },
      },
    ]);
    expect(within(dialog).getByText(/you will not see it again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'The API key' })).toHaveTextContent(
      'cpk_NewKeyNewKeyNewKeyNewKeyNewKeyNewKeyNewKey123',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy the key' }));
    expect(writeText).toHaveBeenCalledWith('cpk_NewKeyNewKeyNewKeyNewKeyNewKeyNewKeyNewKey123');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied to the clipboard.');

    await user.click(within(dialog).getAllByRole('button', { name: 'I have copied it' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/cpk_NewKey/)).not.toBeInTheDocument();
  });

  it('says when each key expires, how long a rotated one still works, and rotates a key once confirmed', async () => {
    const minute = 60_000;
    const rotated: ApiKey = {
      ...gateway,
      id: '00000000-0000-4000-8000-0000000000k5',
      name: 'Rotated PLC',
      rotatedAt: new Date(Date.now() - 2 * minute).toISOString(),
      expiresAt: new Date(Date.now() + (5 * 60 + 20) * minute + 30_000).toISOString(),
    };
    const expired: ApiKey = {
      ...gateway,
      id: '00000000-0000-4000-8000-0000000000k6',
      name: 'Expired PLC',
      expiresAt: '2026-11-22T00:00:00.000Z',
    };
    const expiring: ApiKey = { ...gateway, expiresAt: '2099-01-01T00:00:00.000Z' };
    fakeApi({ keys: [expiring, rotated, expired] });
    const user = renderPage();
    const keys = await screen.findByRole('region', { name: 'API keys' });
    const [first, second, third] = await within(keys).findAllByRole('listitem');
    expect(first).toHaveTextContent(/Expires Jan 1, 2099/);
    expect(second).toHaveTextContent(/Rotated .*: works until .*, 5 h 20 min left\./);
    // A rotated key is not rotated again (its successor is); it may still be revoked.
    expect(
      within(second!).queryByRole('button', { name: 'Rotate Rotated PLC' }),
    ).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Revoke Rotated PLC' })).toBeEnabled();
    expect(third).toHaveTextContent(/Expired Nov 22, 2026/);
    expect(within(third!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Rotate Lyon gateway' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the key “Lyon gateway”?' });
    expect(confirm).toHaveTextContent('The old key keeps working for 24 hours');
    expect(sent('POST', '/api/integration/api-keys/')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate the key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new key “Lyon gateway”' });
    expect(within(shown).getByRole('region', { name: 'The API key' })).toHaveTextContent(
      'cpk_RotatedRotatedRotatedRotatedRotatedRotated12',
    );
    expect(sent('POST', '/api/integration/api-keys/')).toEqual([
      { url: `/api/integration/api-keys/${gateway.id}/rotate`, body: {} },
    ]);
  });

  it('asks for an expiry within the longest lifetime, and shows the server’s refusal by the field', async () => {
    fakeApi({ keys: [] });
    const user = renderPage();
    const form = await screen.findByRole('form', { name: 'Create a key' });
    // The day field is the kit's date picker, in place once its calendar has loaded.
    await within(form).findByRole('button', { name: 'Choose a date' });
    const expiry = within(form).getByRole('textbox', { name: /^Expires on/ });
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(
        /At most 90 days ahead; left empty, it lasts 90 days\./,
      ),
    );
    fetchMock.mockImplementationOnce(async () =>
      json({ message: 'integration.api_key_expiry_too_far' }, 400),
    );
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'PLC');
    // Typed as the page's language writes a day (the kit's field, not the browser's).
    await user.type(expiry, '01/01/2099');
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));
    expect(
      await within(form).findByText('This expiry date is beyond the longest lifetime of a key.'),
    ).toBeInTheDocument();
    expect(sent('POST', '/api/integration/api-keys')[0]?.body).toEqual({
      name: 'PLC',
      scopes: ['readings:write'],
      expiresAt: new Date('2099-01-01T00:00:00').toISOString(),
    });
  });

  it('says to copy by hand when the browser refuses the clipboard', async () => {
    fakeApi({ keys: [] });
    const user = renderPage();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    const form = await screen.findByRole('form', { name: 'Create a key' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'PLC');
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Copy the key' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Could not copy: select the text and copy it by hand.',
    );
  });

  it('revokes a key only once the dialog is confirmed', async () => {
    fakeApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke Lyon gateway' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke the key “Lyon gateway”?' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('DELETE', '/api/integration/api-keys')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Lyon gateway' }));
    dialog = screen.getByRole('dialog', { name: 'Revoke the key “Lyon gateway”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() =>
      expect(sent('DELETE', '/api/integration/api-keys').map(({ url }) => url)).toEqual([
        `/api/integration/api-keys/${gateway.id}`,
      ]),
    );
  });
});

describe('the LoRaWAN sensors of the integration page', { timeout: 20_000 }, () => {
  it('maps an unmapped sensor to a chosen drum, and unmaps a mapped one', async () => {
    fakeApi();
    const user = renderPage();
    const sensors = await screen.findByRole('region', { name: 'LoRaWAN sensors' });
    const [first, second] = await within(sensors).findAllByRole('listitem');
    expect(first).toHaveTextContent('70B3D57ED0051A2F');
    expect(first).toHaveTextContent('Not mapped to a drum');
    expect(first).toHaveTextContent(/3 uplinks, last Nov 25, 2026/);
    expect(second).toHaveTextContent('Mapped to drum TR-0002');

    const map = within(first!).getByRole('button', { name: 'Map 70B3D57ED0051A2F' });
    expect(map).toBeDisabled();
    await user.click(
      within(first!).getByRole('combobox', { name: /^Drum for sensor 70B3D57ED0051A2F/ }),
    );
    // The account's drums by serial.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'TR-0001',
      'TR-0002',
    ]);
    await user.click(screen.getByRole('option', { name: 'TR-0001' }));
    await user.click(map);
    await user.click(within(second!).getByRole('button', { name: 'Unmap 70B3D57ED0051A30' }));
    await waitFor(() =>
      expect(sent('PUT', '/api/integration/drums/')).toEqual([
        { url: `/api/integration/drums/${drumA.id}/device`, body: { devEui: '70B3D57ED0051A2F' } },
        { url: `/api/integration/drums/${drumB.id}/device`, body: { devEui: null } },
      ]),
    );
  });

  it('maps a sensor not heard yet by its EUI, refusing one that is not 16 hex digits', async () => {
    fakeApi({ devices: [] });
    const user = renderPage();
    expect(await screen.findByText(/No sensor yet/)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Map a sensor by its EUI' });
    const eui = within(form).getByRole('textbox', { name: /^Device EUI/ });
    await user.type(eui, '70B3-D57E');
    await user.click(within(form).getByRole('button', { name: 'Map the sensor' }));
    expect(
      within(form).getByText('An EUI is 16 hexadecimal digits (0–9, A–F).'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Choose the drum the sensor measures.')).toBeInTheDocument();

    await user.clear(eui);
    await user.type(eui, '70:b3:d5:7e:d0:05:1a:2f');
    await user.click(within(form).getByRole('combobox', { name: /^Drum/ }));
    await user.click(screen.getByRole('option', { name: 'TR-0002' }));
    await user.click(within(form).getByRole('button', { name: 'Map the sensor' }));
    await waitFor(() =>
      expect(sent('PUT', '/api/integration/drums/')).toEqual([
        { url: `/api/integration/drums/${drumB.id}/device`, body: { devEui: '70B3D57ED0051A2F' } },
      ]),
    );
  });
});

describe('how to connect', () => {
  it('gives examples at the address the portal is reached at, with a placeholder and never a key', async () => {
    fakeApi();
    renderPage();
    const guide = await screen.findByRole('region', { name: 'How to connect' });
    const origin = window.location.origin;
    const readings = within(guide).getByRole('region', { name: 'Send readings' });
    expect(readings).toHaveTextContent(`curl -X POST ${origin}/api/v1/readings`);
    expect(readings).toHaveTextContent('Authorization: Bearer YOUR_API_KEY');
    expect(readings).toHaveTextContent('Idempotency-Key:');
    // A drum of the account, so the example can be run as it is.
    await waitFor(() => expect(readings).toHaveTextContent('"drumSerial": "TR-0001"'));
    expect(within(guide).getByRole('region', { name: 'Read the drums' })).toHaveTextContent(
      `curl ${origin}/api/v1/drums`,
    );
    expect(
      within(guide).getByRole('region', { name: 'Base URL of the webhook' }),
    ).toHaveTextContent(`${origin}/api/v1/ingest/lorawan`);
    expect(
      within(guide).getByRole('link', { name: 'The OpenAPI document of /api/v1' }),
    ).toHaveAttribute('href', `${origin}/api/v1/openapi.json`);
    expect(guide.textContent).not.toMatch(/cpk_/);
  });

  it('starts the quick start with creating a key, then readings, then the webhook check, and links the reference', async () => {
    fakeApi();
    renderPage();
    const guide = await screen.findByRole('region', { name: 'How to connect' });
    const steps = within(guide)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(steps.slice(0, 3)).toEqual(['Create a key', 'Send readings', 'Check a webhook']);
    const toForm = within(guide).getByRole('link', { name: 'Go to the key form' });
    const form = await screen.findByRole('form', { name: 'Create a key' });
    expect(toForm).toHaveAttribute('href', `#${form.id}`);
    expect(within(guide).getByRole('link', { name: 'Open the API reference' })).toHaveAttribute(
      'href',
      '/integration/reference',
    );
  });

  it('does not link the API reference where the server does not serve it', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/integration',
          element: <ConnectGuide origin="https://p.example" hasApiReference={false} />,
        },
      ],
      { initialEntries: ['/integration'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('region', { name: 'How to connect' });
    expect(screen.queryByRole('link', { name: 'Open the API reference' })).toBeNull();
  });

  it('reads in French, with its typography', async () => {
    fakeApi();
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('fr');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Intégration', level: 1 })).toBeVisible();
    const guide = await screen.findByRole('region', { name: 'Se connecter' });
    expect(within(guide).getByRole('region', { name: 'Envoyer des relevés' })).toHaveTextContent(
      'Authorization: Bearer VOTRE_CLE_API',
    );
    // The testing library reads U+202F as a space: the text node itself keeps it.
    expect(guide.textContent).toContain("Jusqu'à 1\u202f000 relevés par appel");
    expect(guide.textContent).toContain('Se connecter');
  });
});
