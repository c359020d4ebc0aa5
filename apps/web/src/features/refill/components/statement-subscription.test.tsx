import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initRefillI18n, jsonResponse, renderWithRouter } from '../testing/render';
import { StatementSubscriptionSwitch } from './statement-subscription';

describe('statement by mail', () => {
  beforeAll(() => initRefillI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved choice and saves a change at once', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonResponse(
        init?.method === 'PUT' ? JSON.parse(String(init.body)) : { isSubscribed: false },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<StatementSubscriptionSwitch />, '/refill');
    const toggle = await screen.findByRole('switch', {
      name: "Mail me last month's drum-account statement on the 1st",
    });
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toContain('/api/documents/drum-statement/subscription');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ isSubscribed: true });
  });
});
