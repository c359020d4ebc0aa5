import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastRegion } from '@portal/ui/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rulesForRole } from '@portal/contract';
import { appStore } from '@/lib/app-store';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { toaster } from '@/lib/toaster';
import calculatorEn from '../../../../../../packages/locales/calculator/en.json';
import { RequestRefillWithThis } from './calculator-actions';
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

function renderSave(remainingM = 235.62, element = <SaveReading remainingM={remainingM} />) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        {element}
        <ToastRegion toaster={toaster} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeAll(async () => {
  await initTestI18n('en');
  i18n.addResourceBundle('en', 'calculator', calculatorEn);
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

describe('request a refill with this', () => {
  const second = {
    ...drumList.drums[0]!,
    id: '00000000-0000-4000-8000-000000000d02',
    serial: 'TR-02407',
    drumType: { id: '00000000-0000-4000-8000-000000000702', code: 'T14' },
  };
  const ordered = { ...second, id: '00000000-0000-4000-8000-000000000d03', status: 'ordered' };
  beforeEach(() => {
    drumList.drums.push(second, ordered);
  });
  afterEach(() => {
    drumList.drums.splice(1);
  });
  const renderAction = (cable: string | null, drum: string | null) =>
    renderSave(0, <RequestRefillWithThis cable={cable} drum={drum} />);

  it("opens the request form with the account's drums of the calculated cable, not ordered ones", async () => {
    appStore.getState().markAuthenticated(user, rulesForRole('buyer'));
    renderAction('U1000R2V-4G35', null);
    const link = await screen.findByRole('link', { name: 'Request a refill with this' });
    expect(link).toHaveAttribute(
      'href',
      `/refill?tab=request&refill=${drumId}&refill=${second.id}`,
    );
    expect(screen.getByText('Your 2 drums of U1000R2V-4G35: TR-02400, TR-02407.')).toBeVisible();
  });

  it('narrows to the chosen drum type, and offers nothing without a matching drum', async () => {
    appStore.getState().markAuthenticated(user, rulesForRole('buyer'));
    renderAction('U1000R2V-4G35', 'T14');
    expect(await screen.findByRole('link', { name: 'Request a refill with this' })).toHaveAttribute(
      'href',
      `/refill?tab=request&refill=${second.id}`,
    );
    cleanup();
    renderAction('H07RN-F-3G2.5', null);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Request a refill with this' })).toBeNull();
  });

  it('is not offered to a viewer, nor without a catalogue cable', () => {
    appStore.getState().markAuthenticated(user, rulesForRole('viewer'));
    renderAction('U1000R2V-4G35', null);
    expect(screen.queryByRole('heading', { name: 'Refill with this' })).toBeNull();
    cleanup();
    appStore.getState().markAuthenticated(user, rulesForRole('buyer'));
    renderAction(null, null);
    expect(screen.queryByRole('heading', { name: 'Refill with this' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
