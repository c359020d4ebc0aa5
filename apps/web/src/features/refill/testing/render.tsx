// Test support only (imported by *.test.tsx): the refill texts, a router and a query client.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { DrumSummary } from '@portal/contract';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import refillEn from '../../../../../../packages/locales/refill/en.json';
import refillFr from '../../../../../../packages/locales/refill/fr.json';

export async function initRefillI18n(language: 'fr' | 'en' = 'en') {
  const instance = await initTestI18n(language);
  instance.addResourceBundle('en', 'refill', refillEn);
  instance.addResourceBundle('fr', 'refill', refillFr);
  await instance.changeLanguage(language);
  return instance;
}

/** Renders `element` at `path` (a real data router, so search params behave as in the app). */
export function renderWithRouter(element: ReactNode, path = '/refill') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/refill', element }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let serial = 0;

/** A drum with plausible figures; override what a test is about. */
export function makeDrum(overrides: Partial<DrumSummary> = {}): DrumSummary {
  serial += 1;
  const hex = serial.toString(16).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    publicCode: `0000${hex}`,
    serial: `TR-${String(serial).padStart(5, '0')}`,
    site: { id: '11111111-1111-4111-8111-111111111111', name: 'Lyon', city: 'Lyon' },
    product: {
      id: '22222222-2222-4222-8222-222222222222',
      reference: 'U1000R2V-3G2.5',
      family: 'U-1000 R2V',
      crossSectionMm2: 2.5,
    },
    drumType: { id: '33333333-3333-4333-8333-333333333333', code: 'T1000' },
    initialLengthM: 1000,
    remainingM: 500,
    remainingPct: 50,
    lastReadingAt: '2026-11-20T08:00:00.000Z',
    lastReadingSource: 'manual',
    sensor: null,
    averageDailyConsumptionM: 10,
    estimatedRunOutOn: '2027-01-09',
    status: 'ok',
    activeAlert: null,
    deliveredOn: '2026-10-01',
    rent: {
      daysOnSite: 50,
      rentFreeDaysLeft: 40,
      rentStartsOn: '2026-12-30',
      rentDays: 0,
      rentAccrued: 0,
    },
    ...overrides,
  };
}
