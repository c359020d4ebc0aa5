import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { ToastRegion } from '@portal/ui/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rulesForRole } from '@portal/contract';
import { appStore } from '@/lib/app-store';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { toaster } from '@/lib/toaster';
import calculatorEn from '../../../../../../packages/locales/calculator/en.json';
import { SaveReading } from './save-reading';

const drumId = '00000000-0000-4000-8000-000000000d01';
const drumList = {
  thresholds: { thresholdPct: 20, criticalPct: 10 },
  drums: [
    {
      id: drumId,
      serial: 'TR-02400',
      site: { id: '00000000-0000-4000-8000-000000000501', name: 'Lyon', city: 'Lyon' },
      product: {
        id: '00000000-0000-4000-8000-000000000601',
        reference: 'U1000R2V-4G35',
        family: 'U-1000 R2V',
        crossSectionMm2: 35,
      },
      drumType: { id: '00000000-0000-4000-8000-000000000701', code: 'T12' },
      initialLengthM: 1000,
      remainingM: 800,
      remainingPct: 80,
      lastReadingAt: null,
      averageDailyConsumptionM: null,
      estimatedRunOutOn: null,
      status: 'ok',
      activeAlert: null,
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'L', company: null };

function renderSave(remainingM = 235.62) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <SaveReading remainingM={remainingM} />
        <ToastRegion toaster={toaster} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'calculator', calculatorEn, true, true);
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/refill/drums')
      return new Response(JSON.stringify(drumList), { status: 200 });
    if (init?.method === 'POST') return new Response(JSON.stringify({ id: 'r1' }), { status: 201 });
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('save as a reading', () => {
  it('records the rounded remaining length on the chosen drum and confirms it', async () => {
    appStore.getState().markAuthenticated(user, rulesForRole('buyer'));
    const ui = renderSave();
    const combobox = await screen.findByRole('combobox', { name: /Drum/ });
    const button = screen.getByRole('button', { name: 'Save the reading' });
    expect(button).toBeDisabled();
    await ui.click(combobox);
    await ui.click(await screen.findByRole('option', { name: /TR-02400/ }));
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByRole('link', { name: 'Request a refill of this drum' })).toHaveAttribute(
      'href',
      `/refill?tab=request&refill=${drumId}`,
    );
    await ui.click(button);
    expect(
      await screen.findByText('Reading of 236 m saved for drum TR-02400.'),
    ).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(`/api/refill/drums/${drumId}/readings`);
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ remainingM: 236 });
  });

  it('is not offered without access to the refill screen', () => {
    appStore.getState().markAuthenticated(user, [{ action: 'get', subject: 'spareparts' }]);
    renderSave();
    expect(screen.queryByRole('heading', { name: 'Save as a reading' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
