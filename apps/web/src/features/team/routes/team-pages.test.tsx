import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '@portal/contract';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { actAs } from '@/lib/testing/role';
import teamEn from '../../../../../../packages/locales/team/en.json';
import teamFr from '../../../../../../packages/locales/team/fr.json';
import InvitationPage from './invitation-page';
import TeamPage from './team-page';

const token = 'T'.repeat(43);
const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderAt(path: string, pattern: string, element: React.ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      // The root runs the landing rule: where this person belongs.
      { path: '/', element: <p>landing</p> },
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

const team: Team = {
  members: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'admin',
      siteIds: null,
      suspended: false,
      lastSignInAt: null,
      isMe: true,
      canManage: true,
    },
  ],
  nextOffset: null,
  invitations: [],
  sites: [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'Lyon', city: 'Lyon' }],
  grantableSiteIds: null,
};

beforeEach(async () => {
  await initTestI18n('en');
  i18n.addResourceBundle('en', 'team', teamEn);
  i18n.addResourceBundle('fr', 'team', teamFr);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the team page', { timeout: 20_000 }, () => {
  it('invites with the chosen role and language, and shows "already a member" under the address', async () => {
    actAs('admin');
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/team/audit')) return json({ events: [], nextOffset: null });
      if (url === '/api/team/invitations' && init?.method === 'POST') {
        return json({ message: 'team.already_member' }, 409);
      }
      return json(team);
    });
    const { user } = renderAt('/team', '/team', <TeamPage />);
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    await user.type(
      within(form).getByRole('textbox', { name: 'E-mail address' }),
      'ada@example.com',
    );
    await user.click(within(form).getByRole('radio', { name: /^Viewer/ }));
    await user.click(within(form).getByRole('radio', { name: 'French' }));
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(
      await within(form).findByText('This person is already a member of your team.'),
    ).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/team/invitations')!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      role: 'viewer',
      locale: 'fr',
      siteIds: null,
    });
    expect(screen.getByRole('region', { name: 'Audit trail' })).toBeInTheDocument();
  });

  it('says under the address when that address was sent enough invitations today', async () => {
    actAs('admin');
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/team/audit')) return json({ events: [], nextOffset: null });
      if (url === '/api/team/invitations' && init?.method === 'POST') {
        return json({ message: 'team.address_invited_too_often' }, 429);
      }
      return json(team);
    });
    const { user } = renderAt('/team', '/team', <TeamPage />);
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    const address = within(form).getByRole('textbox', { name: 'E-mail address' });
    await user.type(address, 'bob@outside.example');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(
      await within(form).findByText(
        'This address has been sent as many invitations as allowed for today. Try again tomorrow; the last invitation sent still works.',
      ),
    ).toBeInTheDocument();
  });
});

describe("the team page's audit trail", () => {
  it('reads each entry as a sentence; a member with no site limit has all sites, in both languages', async () => {
    actAs('admin');
    const event = {
      id: '00000000-0000-4000-8000-0000000000b1',
      at: '2026-11-23T09:00:00.000Z',
      actor: 'ada@example.com',
      actorName: 'Ada Lovelace',
      action: 'member.invited',
      target: 'bob@example.com',
      targetName: null,
      before: null,
      after: { role: 'buyer', siteIds: null },
      names: {},
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/team/audit')
        ? json({ events: [event], nextOffset: null })
        : json(team),
    );
    renderAt('/team', '/team', <TeamPage />);
    const trail = await screen.findByRole('region', { name: 'Audit trail' });
    expect(
      await within(trail).findByText('Ada Lovelace invited bob@example.com.'),
    ).toBeInTheDocument();
    expect(within(trail).getByText('Role: Buyer · Sites: all sites')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('fr'));
    const journal = await screen.findByRole('region', { name: 'Journal des modifications' });
    expect(
      await within(journal).findByText('Ada Lovelace a invité bob@example.com.'),
    ).toBeInTheDocument();
    expect(within(journal).getByText(/^Rôle\s:/).textContent).toBe(
      'Rôle\u202f: Acheteur · Sites\u202f: tous les sites',
    );
  });
});

describe('a member on the team page', { timeout: 20_000 }, () => {
  it('limits a buyer to some sites, and approves a colleague who joined by the domain', async () => {
    actAs('admin');
    const buyer = {
      ...team.members[0]!,
      id: '00000000-0000-4000-8000-000000000003',
      email: 'bob@example.com',
      firstName: 'Bob',
      lastName: null,
      role: 'buyer' as const,
      isMe: false,
    };
    const newcomer = {
      ...buyer,
      id: '00000000-0000-4000-8000-000000000004',
      email: 'eve@example.com',
      firstName: 'Eve',
      role: 'viewer' as const,
      pendingApproval: true,
    };
    const sites = [
      ...team.sites,
      { id: '00000000-0000-4000-8000-0000000000a2', name: 'Dock', city: 'Le Havre' },
    ];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/team/audit')) return json({ events: [], nextOffset: null });
      if (init?.method === 'PATCH') return json({ ...buyer, siteIds: [sites[1]!.id] });
      if (url.endsWith('/approve')) return new Response(null, { status: 204 });
      return json({ ...team, members: [...team.members, buyer, newcomer], sites });
    });
    const { user } = renderAt('/team', '/team', <TeamPage />);
    await user.click(await screen.findByRole('button', { name: "Change Bob's sites" }));
    const sitesGroup = screen.getByRole('group', { name: "Bob's sites" });
    await user.click(within(sitesGroup).getByRole('checkbox', { name: 'All sites' }));
    await user.click(within(sitesGroup).getByRole('checkbox', { name: 'Dock (Le Havre)' }));
    await user.click(within(sitesGroup).getByRole('button', { name: 'Save the sites' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: "Bob's sites" })).not.toBeInTheDocument(),
    );
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'PATCH')!;
    expect(url).toBe(`/api/team/members/${buyer.id}`);
    expect(JSON.parse(String(init?.body))).toEqual({ role: 'buyer', siteIds: [sites[1]!.id] });

    expect(screen.getByText(/Awaiting your approval/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Approve Eve's access" }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([called]) => called)).toContain(
        `/api/team/members/${newcomer.id}/approve`,
      ),
    );
  });
});

describe('an admin limited to one site on the team page', { timeout: 20_000 }, () => {
  it('is offered only their site, never all sites, and nothing on a colleague who sees more', async () => {
    const dock = { id: '00000000-0000-4000-8000-0000000000a2', name: 'Dock', city: 'Le Havre' };
    actAs('admin', [dock.id]);
    const owner = { ...team.members[0]!, isMe: false, canManage: false };
    const me = {
      ...owner,
      id: '00000000-0000-4000-8000-000000000005',
      email: 'dock-admin@example.com',
      firstName: 'Dee',
      lastName: null,
      siteIds: [dock.id],
      isMe: true,
      canManage: true,
    };
    const buyer = {
      ...me,
      id: '00000000-0000-4000-8000-000000000006',
      email: 'bob@example.com',
      firstName: 'Bob',
      role: 'buyer' as const,
      isMe: false,
    };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/team/audit')) return json({ events: [], nextOffset: null });
      if (init?.method === 'POST') return json({ message: 'auth.forbidden' }, 403);
      return json({
        ...team,
        members: [owner, me, buyer],
        sites: [...team.sites, dock],
        grantableSiteIds: [dock.id],
      });
    });
    const { user } = renderAt('/team', '/team', <TeamPage />);
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    const inviteSites = within(form).getByRole('group', { name: 'Sites' });
    expect(within(inviteSites).queryByRole('checkbox', { name: 'All sites' })).toBeNull();
    expect(within(inviteSites).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(inviteSites).getByRole('checkbox', { name: 'Dock (Le Havre)' })).toBeChecked();
    await user.type(
      within(form).getByRole('textbox', { name: 'E-mail address' }),
      'newcomer@example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([called]) => called)).toContain('/api/team/invitations'),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/team/invitations')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ siteIds: [dock.id] });

    // The account-wide owner sees more: their role and membership are not offered.
    expect(screen.queryByRole('combobox', { name: /^Role of Ada Lovelace/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
    // Their own role (to step down) and the buyer within their site are.
    expect(screen.getByRole('combobox', { name: /^Role of Dee/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Change Bob's sites" }));
    const bobSites = screen.getByRole('group', { name: "Bob's sites" });
    expect(within(bobSites).queryByRole('checkbox', { name: 'All sites' })).toBeNull();
    expect(within(bobSites).queryByRole('checkbox', { name: 'Lyon (Lyon)' })).toBeNull();
    expect(within(bobSites).getByRole('checkbox', { name: 'Dock (Le Havre)' })).toBeChecked();
  });
});

describe('the invitation page', () => {
  it('shows the offer without spending it, then accepts and goes where the person belongs', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/invitations/preview'
        ? json({ accountName: 'Acme', email: 'bob@example.com', role: 'buyer', locale: 'en' })
        : json({
            id: '00000000-0000-4000-8000-000000000002',
            email: 'bob@example.com',
            company: null,
            firstName: null,
            lastName: null,
            phone: null,
            locale: 'en',
            role: 'buyer',
            side: 'customer',
            siteIds: null,
            rules: [],
          }),
    );
    const { user, router } = renderAt(
      `/invitation/${token}`,
      '/invitation/:token',
      <InvitationPage />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Join Acme on the customer portal' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This invitation is for bob@example.com, as Buyer. Accepting signs you in.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/invitations/preview']);
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await screen.findByText('landing');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an invitee whose company requires single sign-on to it, signed in by nothing', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/invitations/preview'
        ? json({ accountName: 'Acme', email: 'eve@acme.example', role: 'buyer', locale: 'en' })
        : json({ message: 'auth.sso_required' }, 403),
    );
    const { user, router } = renderAt(
      `/invitation/${token}`,
      '/invitation/:token',
      <InvitationPage />,
    );
    await user.click(await screen.findByRole('button', { name: 'Accept and sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('use single sign-on instead of a mailed link');
    expect(
      within(alert).getByRole('link', { name: "Continue with your company's sign-on" }),
    ).toHaveAttribute('href', '/api/auth/sso/start?email=eve%40acme.example');
    expect(router.state.location.pathname).toBe(`/invitation/${token}`);
  });

  it.each([
    ['team.invitation_expired', 'This invitation has expired'],
    ['team.invitation_revoked', 'This invitation was withdrawn'],
    ['team.invitation_invalid', 'This invitation link cannot be used'],
  ])('gives %s its own page', async (code, title) => {
    fetchMock.mockResolvedValue(
      json({ message: code }, code === 'team.invitation_invalid' ? 400 : 410),
    );
    renderAt(`/invitation/${token}`, '/invitation/:token', <InvitationPage />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and sign in' })).not.toBeInTheDocument();
  });

  it('tells a malformed link cannot be used instead of waiting for ever', async () => {
    fetchMock.mockResolvedValue(
      json(
        { message: 'request.invalid', fields: [{ path: 'token', code: 'invalid_format' }] },
        400,
      ),
    );
    renderAt('/invitation/cut-in-the-mail', '/invitation/:token', <InvitationPage />);
    expect(
      await screen.findByRole('heading', { name: 'This invitation link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a failed preview plainly and offers to try again', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ message: 'request.internal' }, 503))
      .mockResolvedValueOnce(
        json({ accountName: 'Acme', email: 'bob@example.com', role: 'buyer', locale: 'en' }),
      );
    const { user } = renderAt(`/invitation/${token}`, '/invitation/:token', <InvitationPage />);
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Join Acme on the customer portal' }),
    ).toBeInTheDocument();
  });
});
