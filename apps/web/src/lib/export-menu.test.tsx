import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from './testing/downloads';
import { initTestI18n } from './testing/i18n-for-tests';
import { ExportMenu, exportUrl } from './export-menu';

describe('export menu', () => {
  beforeAll(() => initTestI18n('en'));
  afterEach(() => vi.restoreAllMocks());

  it('keeps the filters and adds the format and the time zone', () => {
    const url = new URL(
      exportUrl('/api/exports/drums', new URLSearchParams([['status', 'low']]), 'xlsx'),
      'http://x',
    );
    expect(url.pathname).toBe('/api/exports/drums');
    expect(url.searchParams.get('status')).toBe('low');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('downloads the list in the chosen format from the keyboard', async () => {
    const clicked = captureDownloads();
    render(<ExportMenu path="/api/exports/quotes" />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Download' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatch(/^\/api\/exports\/quotes\?format=xlsx&tz=\S+ true$/);
  });
});
