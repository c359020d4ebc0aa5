import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { InboxItem } from '@portal/contract';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import backofficeEn from '../../../../../../packages/locales/backoffice/en.json';
import backofficeFr from '../../../../../../packages/locales/backoffice/fr.json';
import { InboxList } from './inbox-list';

const items = (count: number): InboxItem[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind: 'refill_request',
    reference: `RR-${String(index).padStart(6, '0')}`,
    status: index % 2 ? 'confirmed' : 'scheduled',
    turn: 'provider',
    account: { id: '10000000-0000-4000-8000-000000000001', name: 'Demo Industries' },
    site: null,
    assignee: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    waitingSince: '2026-11-20T08:00:00.000Z',
    dueAt: null,
    overdue: false,
    unread: false,
  }));

async function inLanguage(language: 'fr' | 'en') {
  const i18n = await initTestI18n(language);
  i18n.addResourceBundle('en', 'backoffice', backofficeEn);
  i18n.addResourceBundle('fr', 'backoffice', backofficeFr);
}

function renderList(rows: InboxItem[]) {
  render(
    <MemoryRouter>
      <InboxList items={rows} onFilterAccount={() => {}} />
    </MemoryRouter>,
  );
}

describe('InboxList', { timeout: 20_000 }, () => {
  it("writes its pager in French on a French page, the counts in French's number format", async () => {
    await inLanguage('fr');
    renderList(items(1200));
    expect(await screen.findByRole('combobox', { name: /^Lignes par page/ })).toBeInTheDocument();
    // French groups thousands with a narrow no-break space (the query sees any space as one).
    expect(screen.getByText('1–25 sur 1 200')).toHaveTextContent('1–25 sur 1\u202f200', {
      normalizeWhitespace: false,
    });
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.queryByText(/Rows per page|of 1/)).not.toBeInTheDocument();
  });

  it('writes its pager in English on an English page', async () => {
    await inLanguage('en');
    renderList(items(14));
    expect(await screen.findByRole('combobox', { name: /^Rows per page/ })).toBeInTheDocument();
    expect(screen.getByText('1–14 of 14')).toBeInTheDocument();
  });

  it('draws confirmed and scheduled each in its own tone', async () => {
    await inLanguage('en');
    renderList(items(2));
    const tone = (word: string) => screen.getAllByText(word)[0]?.getAttribute('data-tone');
    expect(tone('Confirmed')).toBe('info');
    expect(tone('Scheduled')).toBe('progress');
  });
});
