import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import documentsEn from '../../../../../packages/locales/documents/en.json';
import documentsFr from '../../../../../packages/locales/documents/fr.json';
import { captureDownloads } from '../testing/downloads';
import { initTestI18n } from '../testing/i18n-for-tests';
import { PrintLabelsButton } from './print-labels-button';
import type { LabelDrum } from './label-selection';

const lyon = { siteId: 'site-lyon', siteName: 'Lyon' };
const nantes = { siteId: 'site-nantes', siteName: 'Nantes' };
const drums: LabelDrum[] = [
  { id: 'd-10', serial: 'TR-10', reference: 'REF-A', ...lyon },
  { id: 'd-2', serial: 'TR-2', reference: 'REF-B', ...nantes },
  { id: 'd-1', serial: 'TR-1', reference: 'REF-A', ...nantes },
];

/** The drums and the sheet a started download asks for. */
function asked(download: string | undefined) {
  const url = new URL(download?.split(' ')[0] ?? '', 'http://portal');
  return {
    path: url.pathname,
    drums: url.searchParams.getAll('drum'),
    sheet: url.searchParams.get('sheet'),
  };
}

async function openDialog(props: Partial<Parameters<typeof PrintLabelsButton>[0]> = {}) {
  render(
    <PrintLabelsButton
      label="Print labels"
      drums={drums}
      path="/api/documents/drum-labels"
      {...props}
    />,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Print labels' }));
  const dialog = await screen.findByRole('dialog', { name: 'Print drum labels' });
  return { user, dialog };
}

describe('printing drum labels', () => {
  beforeAll(async () => {
    const i18n = await initTestI18n('en');
    i18n.addResourceBundle('en', 'documents', documentsEn);
    i18n.addResourceBundle('fr', 'documents', documentsFr);
  });
  afterEach(() => vi.restoreAllMocks());

  it("prints every drum's label by serial on the 21-label sheet unless told otherwise", async () => {
    const downloads = captureDownloads();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('radio', { name: 'All drums (3)' })).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 labels');
    await user.click(within(dialog).getByRole('button', { name: 'Download the PDF' }));
    expect(downloads).toHaveLength(1);
    expect(asked(downloads[0])).toEqual({
      path: '/api/documents/drum-labels',
      drums: ['d-1', 'd-2', 'd-10'],
      sheet: 'a4-21',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("prints one site's drums on the 4-label sheet, chosen from the keyboard", async () => {
    const downloads = captureDownloads();
    const { user, dialog } = await openDialog();
    within(dialog).getByRole('radio', { name: 'All drums (3)' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'The drums of one site' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Nantes' }));
    await user.click(within(dialog).getByRole('radio', { name: /^4 labels per A4 sheet/ }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 labels');
    await user.click(within(dialog).getByRole('button', { name: 'Download the PDF' }));
    expect(asked(downloads[0])).toMatchObject({ drums: ['d-1', 'd-2'], sheet: 'a4-4' });
  });

  it('says that no drum is chosen and downloads nothing, then prints the one chosen', async () => {
    const downloads = captureDownloads();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Drums chosen one by one' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download the PDF' }));
    expect(downloads).toHaveLength(0);
    const group = within(dialog).getByRole('group', { name: 'Drums to print' });
    expect(group).toHaveAccessibleDescription('Choose at least one drum.');
    await user.click(within(group).getByRole('checkbox', { name: 'TR-10' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 label');
    await user.click(within(dialog).getByRole('button', { name: 'Download the PDF' }));
    expect(asked(downloads[0]).drums).toEqual(['d-10']);
  });

  it('opens on the drums chosen in the list', async () => {
    const downloads = captureDownloads();
    const { user, dialog } = await openDialog({ selectedIds: ['d-2'] });
    expect(within(dialog).getByRole('checkbox', { name: 'TR-2' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'TR-1' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Download the PDF' }));
    expect(asked(downloads[0]).drums).toEqual(['d-2']);
  });

  it('refuses more labels than one request takes, saying how to narrow the choice', async () => {
    const downloads = captureDownloads();
    const many = Array.from({ length: 201 }, (_, index) => ({
      id: `d-${index}`,
      serial: `TR-${index}`,
      reference: 'REF-A',
      ...lyon,
    }));
    const { user, dialog } = await openDialog({ drums: many });
    await user.click(within(dialog).getByRole('button', { name: 'Download the PDF' }));
    expect(downloads).toHaveLength(0);
    expect(
      within(dialog).getByText('At most 200 labels at a time: choose one site or fewer drums.'),
    ).toBeVisible();
  });
});
