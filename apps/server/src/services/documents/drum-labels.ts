import { and, eq, inArray } from 'drizzle-orm';
import { linkedPages, pageLink, type LabelSheet, type Language } from '@portal/contract';
import type { Database } from '../../db/client';
import { cableProducts, drums } from '../../db/schema';
import { DomainError } from '../domain-error';
import { withinSites, type SiteScope } from '../site-scope';
import { translate, type Translations } from '../translations';
import { createPdf, labelSheet, toBuffer } from './pdf-recording';

/** The address a drum's label carries: its page on the portal, by its public code. */
export function drumPageUrl(publicUrl: URL, publicCode: string): string {
  return new URL(pageLink(linkedPages.drum, publicCode), publicUrl).toString();
}

/**
 * A QR code's modules as rows of '1' (dark) and '0' (light), made on the request thread: the
 * rendering thread only draws squares. Level M (15 % of the code may be lost) holds a label
 * scuffed on a building site and keeps the modules large enough for a phone at arm's length.
 */
async function qrModules(text: string): Promise<string[]> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const rows: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let line = '';
    for (let column = 0; column < modules.size; column += 1) {
      line += modules.get(row, column) ? '1' : '0';
    }
    rows.push(line);
  }
  return rows;
}

/**
 * A sheet of drum labels as a PDF: for each drum (of the account, within the reader's sites, in
 * the order asked), a QR code of its page's address with the serial written under it and the
 * cable's reference below, laid out for the sticker sheet chosen. A drum that is not the
 * account's is not found, whichever other drums were asked with it.
 */
export async function renderDrumLabels(
  db: Database,
  deps: { translations: Translations; publicUrl: URL },
  args: {
    accountId: string | null;
    drumIds: readonly string[];
    sheet: LabelSheet;
    sitesInScope: SiteScope;
    language: Language;
    now: Date;
  },
): Promise<{ fileName: string; bytes: Buffer }> {
  const ids = [...new Set(args.drumIds)];
  const rows = args.accountId
    ? await db
        .select({
          id: drums.id,
          serial: drums.serial,
          publicCode: drums.publicCode,
          reference: cableProducts.reference,
        })
        .from(drums)
        .innerJoin(cableProducts, eq(cableProducts.id, drums.productId))
        .where(
          and(
            inArray(drums.id, ids),
            eq(drums.accountId, args.accountId),
            withinSites(drums.siteId, args.sitesInScope),
          ),
        )
    : [];
  if (rows.length !== ids.length) throw new DomainError('request.not_found');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const labels = await Promise.all(
    ids.map(async (id) => {
      const drum = byId.get(id)!;
      const url = drumPageUrl(deps.publicUrl, drum.publicCode);
      return { modules: await qrModules(url), serial: drum.serial, caption: drum.reference };
    }),
  );
  const t = (key: string) => translate(deps.translations, 'documents', args.language, key);
  const doc = await createPdf({ title: t('labels.title'), language: args.language, now: args.now });
  labelSheet(doc, args.sheet, labels);
  const fileName = `${t('labels.fileName')}.pdf`;
  return { fileName, bytes: await toBuffer(doc, 'drum_labels') };
}
