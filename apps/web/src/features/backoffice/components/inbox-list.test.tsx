import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

/** The first page of `total` items, 25 a page, as the server answers it. */
function renderList(total: number, onPageChange: (page: number) => void = () => {}) {
  render(
    <MemoryRouter>
      <InboxList
        items={items(Math.min(total, 25))}
        total={total}
        page={1}
        pageSize={25}
        pageSizes={[25, 50, 100]}
        isPending={false}
        onPageChange={onPageChange}
        onPageSizeChange={() => {}}
        onFilterAccount={() => {}}
      />
    </MemoryRouter>,
  );
}

describe('InboxList', { timeout: 20_000 }, () => {
  it("writes its pager in French on a French page, the counts in French's number format", async () => {
    await inLanguage('fr');
    renderList(1200);
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
    renderList(14);
    expect(await screen.findByRole('combobox', { name: /^Rows per page/ })).toBeInTheDocument();
    expect(screen.getByText('1–14 of 14')).toBeInTheDocument();
  });

  it('pages on the server: one pager, whose next page asks for the second page', async () => {
    await inLanguage('en');
    const pages: number[] = [];
    renderList(60, (page) => pages.push(page));
    expect(screen.getAllByRole('navigation', { name: 'Pagination' })).toHaveLength(1);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pages).toEqual([2]);
  });

  it('draws confirmed and scheduled each in its own tone', async () => {
    await inLanguage('en');
    renderList(2);
    const tone = (word: string) => screen.getAllByText(word)[0]?.getAttribute('data-tone');
    expect(tone('Confirmed')).toBe('info');
    expect(tone('Scheduled')).toBe('progress');
  });
});
