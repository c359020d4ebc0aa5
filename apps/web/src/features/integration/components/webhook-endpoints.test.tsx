import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryList, WebhookEndpoint } from '@portal/contract';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import integrationEn from '../../../../../../packages/locales/integration/en.json';
import integrationFr from '../../../../../../packages/locales/integration/fr.json';
import { WebhookEndpoints } from './webhook-endpoints';

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const endpoint: WebhookEndpoint = {
  id: '00000000-0000-4000-8000-0000000000e1',
  url: 'https://erp.example.com/hooks',
  description: 'ERP',
  events: ['drum.low', 'drum.critical'],
  isEnabled: true,
  disabledReason: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};

const log: WebhookDeliveryList = {
  deliveries: [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      webhookId: 'msg_00000000-0000-4000-8000-0000000000d1',
      eventType: 'drum.low',
      status: 'failed',
      createdAt: '2026-11-20T09:00:00.000Z',
      nextAttemptAt: null,
      attempts: [
        {
          at: '2026-11-20T09:00:01.000Z',
          outcome: 'failed',
          responseStatus: 500,
          durationMs: 42,
          error: 'HTTP 500',
          isRedelivery: false,
        },
        {
          at: '2026-11-20T09:00:00.000Z',
          outcome: 'failed',
          responseStatus: null,
          durationMs: 10000,
          error: 'no answer within 10 s',
          isRedelivery: false,
        },
      ],
    },
  ],
  nextOffset: null,
};

/** The fake API: answers each call like the server would, and records it. */
function fakeApi(endpoints: WebhookEndpoint[] = [endpoint]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/integration/webhooks' && method === 'GET') return json({ endpoints });
    if (url === '/api/integration/webhooks' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { url: string };
      if (body.url.includes('taken'))
        return json({ message: 'integration.too_many_webhooks' }, 409);
      if (body.url.includes('internal'))
        return json({ message: 'integration.webhook_address_not_public' }, 400);
      return json(
        {
          endpoint: { ...endpoint, id: '00000000-0000-4000-8000-0000000000e2' },
          secret: 'whsec_NEW',
        },
        201,
      );
    }
    if (url.endsWith('/rotate-secret')) return json({ endpoint, secret: 'whsec_ROTATED' });
    if (url.includes('/deliveries?')) return json(log);
    if (url.endsWith('/redeliver')) return new Response(null, { status: 202 });
    if (method === 'PATCH') return json({ ...endpoint, ...JSON.parse(String(init?.body)) });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return json({ message: 'request.not_found' }, 404);
  });
}

function calls(method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === path && (init?.method ?? 'GET') === method,
  );
}

function renderEndpoints() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <WebhookEndpoints />
    </QueryClientProvider>,
  );
  return { user };
}

beforeEach(async () => {
  const i18n = await initTestI18n('en');
  i18n.addResourceBundle('en', 'integration', integrationEn);
  i18n.addResourceBundle('fr', 'integration', integrationFr);
  await i18n.changeLanguage('en');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

// Dialogs and many labelled controls make role queries slow in jsdom under a loaded machine.
describe('webhook endpoints', { timeout: 20_000 }, () => {
  it('adds an https endpoint with the chosen events and shows its secret once, with a copy button', async () => {
    fakeApi([]);
    const { user } = renderEndpoints();
    expect(await screen.findByText('No endpoint yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    await user.click(within(form).getByRole('textbox', { name: /Endpoint URL/ }));
    await user.paste('https://erp.example.com/hooks');
    await user.click(within(form).getByRole('textbox', { name: /Description/ }));
    await user.paste('ERP');
    const events = within(form).getByRole('group', { name: 'Events' });
    await user.click(within(events).getByRole('checkbox', { name: 'Drum critical' }));
    await user.click(within(events).getByRole('checkbox', { name: 'Quote offered' }));
    await user.click(within(form).getByRole('button', { name: 'Add the endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveValue('whsec_NEW');
    const [, init] = calls('POST', '/api/integration/webhooks')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      url: 'https://erp.example.com/hooks',
      description: 'ERP',
      events: ['quote.offered', 'drum.low'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
    expect(await navigator.clipboard.readText()).toBe('whsec_NEW');
    await user.click(within(dialog).getAllByRole('button', { name: 'Done' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('whsec_NEW')).not.toBeInTheDocument();
  });

  it('refuses an address that is not https, and no event, before calling the API', async () => {
    fakeApi([]);
    const { user } = renderEndpoints();
    const form = await screen.findByRole('form', { name: 'Add an endpoint' });
    await user.click(within(form).getByRole('textbox', { name: /Endpoint URL/ }));
    await user.paste('http://erp.example.com');
    const events = within(form).getByRole('group', { name: 'Events' });
    await user.click(within(events).getByRole('checkbox', { name: 'Drum low' }));
    await user.click(within(events).getByRole('checkbox', { name: 'Drum critical' }));
    await user.click(within(form).getByRole('button', { name: 'Add the endpoint' }));
    expect(
      within(form).getByText('Enter an address that starts with https://.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Endpoint URL/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls('POST', '/api/integration/webhooks')).toEqual([]);
  });

  it('says under the address when the portal does not call it (a private or local network)', async () => {
    fakeApi([]);
    const { user } = renderEndpoints();
    const form = await screen.findByRole('form', { name: 'Add an endpoint' });
    await user.click(within(form).getByRole('textbox', { name: /Endpoint URL/ }));
    await user.paste('https://internal.example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add the endpoint' }));
    expect(
      await within(form).findByText(
        'This address leads to a private, local or reserved network that the portal does not call. Give the public https address of the receiving system.',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Endpoint URL/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('disables an endpoint and changes its events', async () => {
    fakeApi();
    const { user } = renderEndpoints();
    const item = await screen.findByRole('article', { name: endpoint.url });
    await user.click(within(item).getByRole('switch', { name: 'Sends events' }));
    await waitFor(() =>
      expect(calls('PATCH', `/api/integration/webhooks/${endpoint.id}`)).toHaveLength(1),
    );
    expect(
      JSON.parse(String(calls('PATCH', `/api/integration/webhooks/${endpoint.id}`)[0]![1]?.body)),
    ).toEqual({
      isEnabled: false,
    });
    const events = within(item).getByRole('group', { name: 'Events' });
    await user.click(within(events).getByRole('checkbox', { name: 'Drum critical' }));
    await waitFor(() =>
      expect(calls('PATCH', `/api/integration/webhooks/${endpoint.id}`)).toHaveLength(2),
    );
    expect(
      JSON.parse(String(calls('PATCH', `/api/integration/webhooks/${endpoint.id}`)[1]![1]?.body)),
    ).toEqual({
      events: ['drum.low'],
    });
  });

  it('deletes only after the confirmation, and rotates the secret showing the new one', async () => {
    fakeApi();
    const { user } = renderEndpoints();
    const item = await screen.findByRole('article', { name: endpoint.url });
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('DELETE', `/api/integration/webhooks/${endpoint.id}`)).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the endpoint' }));
    await waitFor(() =>
      expect(calls('DELETE', `/api/integration/webhooks/${endpoint.id}`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(item).getByRole('button', { name: 'Rotate the secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue('whsec_ROTATED');
  });

  it('shows the delivery log with each attempt, and sends a message again', async () => {
    fakeApi();
    const { user } = renderEndpoints();
    const item = await screen.findByRole('article', { name: endpoint.url });
    const toggle = within(item).getByRole('button', { name: 'Show the delivery log' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = await within(item).findByRole('region', {
      name: `Delivery log of ${endpoint.url}`,
    });
    expect(await within(region).findByText('Failed')).toBeInTheDocument();
    expect(within(region).getByText(/HTTP 500 in 42 ms/)).toBeInTheDocument();
    expect(within(region).getByText(/no answer after 10000 ms/)).toBeInTheDocument();
    // Every control named, headings in order, lists well formed, no duplicate ids.
    const results = await axe.run(screen.getByRole('region', { name: 'Webhooks' }), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await user.click(within(region).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(
        calls(
          'POST',
          `/api/integration/webhooks/${endpoint.id}/deliveries/${log.deliveries[0]!.id}/redeliver`,
        ),
      ).toHaveLength(1),
    );
  });

  it('says in French why an endpoint the portal disabled gets nothing', async () => {
    fakeApi([{ ...endpoint, isEnabled: false, disabledReason: 'failing' }]);
    const i18n = await initTestI18n('fr');
    await i18n.changeLanguage('fr');
    renderEndpoints();
    const item = await screen.findByRole('article', { name: endpoint.url });
    expect(
      // The matcher folds the narrow no-break space before the colon into a space.
      within(item).getByText(
        'Désactivé par le portail : toutes les livraisons ont échoué pendant 3 jours',
      ),
    ).toBeInTheDocument();
    expect(within(item).getByRole('switch', { name: 'Envoie les événements' })).not.toBeChecked();
  });
});
