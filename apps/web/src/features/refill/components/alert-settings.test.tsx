import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi, beforeEach } from 'vitest';
import { toaster } from '@/lib/toaster';
import { initRefillI18n, jsonResponse, renderWithRouter } from '../testing/render';
import { AlertSettingsPanel } from './alert-settings';
import { actAs } from '@/lib/testing/role';

const alerts = {
  settings: { thresholdPct: 20, criticalPct: 10, emailEnabled: false, recipients: [] },
  recipients: [],
  active: [
    {
      id: '99999999-9999-4999-8999-999999999999',
      drumId: '00000000-0000-4000-8000-000000000001',
      serial: 'TR-00001',
      level: 'critical',
      raisedAt: '2026-11-20T08:00:00.000Z',
    },
  ],
};

describe('alert settings', () => {
  // The rules of a admin; what a viewer sees is tested below.
  beforeEach(() => actAs('admin'));

  beforeAll(() => initRefillI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    [
      'en',
      'Send an e-mail when an alert is raised',
      /^No recipient chosen: the alert e-mails go to every user of your account\./,
    ],
    [
      'fr',
      'Envoyer un e-mail à chaque alerte',
      /^Aucun destinataire choisi\s: les e-mails d'alerte partent vers tous/,
    ],
  ] as const)(
    'in %s says who gets the e-mails when they are on with no recipient chosen',
    async (language, switchName, notice) => {
      await initRefillI18n(language);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse(alerts)),
      );
      renderWithRouter(<AlertSettingsPanel />);
      const toggle = await screen.findByRole('switch', { name: switchName });
      expect(screen.queryByText(notice)).toBeNull();
      await userEvent.setup().click(toggle);
      expect(screen.getByText(notice)).toHaveAttribute('role', 'status');
      await initRefillI18n('en');
    },
  );

  it('warns when the only recipients are outside addresses still to confirm', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          ...alerts,
          settings: { ...alerts.settings, emailEnabled: true, recipients: ['ext@example.com'] },
          recipients: [{ email: 'ext@example.com', status: 'pending' }],
        }),
      ),
    );
    renderWithRouter(<AlertSettingsPanel />);
    expect(
      await screen.findByText(/^No recipient can receive the alert e-mails yet/),
    ).toBeInTheDocument();
  });

  it('keeps critical under the threshold, then saves with a success toast', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? jsonResponse(JSON.parse(String(init.body))) : jsonResponse(alerts),
    );
    vi.stubGlobal('fetch', fetchMock);
    const show = vi.spyOn(toaster, 'show');
    renderWithRouter(<AlertSettingsPanel />);
    expect(await screen.findByText(/drum TR-00001, since/)).toBeInTheDocument();

    const user = userEvent.setup();
    const critical = screen.getByRole('spinbutton', { name: /^Critical threshold/ });
    await user.clear(critical);
    await user.type(critical, '30');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(
      await screen.findByText('The critical threshold must be lower than the alert threshold'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(critical);
    await user.type(critical, '5');
    await user.click(
      screen.getByRole('switch', { name: 'Send an e-mail when an alert is raised' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'E-mail address' }));
    await user.type(
      screen.getByRole('textbox', { name: 'E-mail address' }),
      'stock@example.com{Enter}',
    );
    expect(screen.getByRole('button', { name: 'Remove stock@example.com' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));

    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'success', description: 'Alert settings saved.' }),
      ),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      thresholdPct: 20,
      criticalPct: 5,
      emailEnabled: true,
      recipients: ['stock@example.com'],
    });
  });

  it('shows where each saved recipient stands, and the refusal of a sixth outside recipient', async () => {
    const withRecipients = {
      ...alerts,
      settings: {
        ...alerts.settings,
        recipients: ['ada@example.com', 'out@example.org', 'ok@example.org'],
      },
      recipients: [
        { email: 'ada@example.com', status: 'member' },
        { email: 'out@example.org', status: 'pending' },
        { email: 'ok@example.org', status: 'confirmed' },
      ],
    };
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(
            {
              message: 'request.invalid',
              errors: [{ field: 'recipients', errorCode: 'alerts.too_many_external_recipients' }],
            },
            400,
          )
        : jsonResponse(withRecipients),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<AlertSettingsPanel />);
    const item = async (email: string) =>
      (await screen.findByText(email)).closest('li') as HTMLElement;
    expect(await item('ada@example.com')).toHaveTextContent('Account user');
    expect(await item('out@example.org')).toHaveTextContent('Waiting for confirmation');
    expect(await item('ok@example.org')).toHaveTextContent('Confirmed');

    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: 'E-mail address' }),
      'new@example.org{Enter}',
    );
    expect(await item('new@example.org')).toHaveTextContent('Not saved yet');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(
      await screen.findByText('At most 5 recipients from outside your account can receive alerts.'),
    ).toBeInTheDocument();
  });

  it('shows a viewer the settings and recipients, with no control to change what they cannot save', async () => {
    actAs('viewer');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          ...alerts,
          settings: { ...alerts.settings, emailEnabled: true, recipients: ['ada@example.com'] },
          recipients: [{ email: 'ada@example.com', status: 'member' }],
        }),
      ),
    );
    renderWithRouter(<AlertSettingsPanel />);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(
      screen.getByText('Only an administrator of your account changes these settings.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: 'Send an e-mail when an alert is raised' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove ada@example.com' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save the settings' })).toBeNull();
  });
});
