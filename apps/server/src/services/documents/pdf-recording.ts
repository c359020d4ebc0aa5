import type { Language } from '@portal/contract';
import { renderPdf, type DocumentKind } from './document-renderer';
import type { ProviderIdentity } from '../../config/env';
import { identityLines } from '../provider-identity';
import type { Translations } from '../translations';
import type * as layout from './pdf-layout';

/**
 * A document as the list of its drawing steps. The services that make documents read the
 * database and write their texts here, on the request thread, where that takes a few
 * milliseconds; the drawing itself (fonts, line breaks, pages, compression) is what takes the
 * time, and it happens on a rendering thread (`toBuffer`), which replays the steps on pdf-layout.
 * The functions below have the names and arguments of pdf-layout's, minus the pdfkit document.
 */
export interface Pdf {
  info: PdfInfo;
  steps: PdfStep[];
}

export interface PdfInfo {
  title: string;
  language: Language;
  now: Date;
}

type Drawing =
  'heading' | 'facts' | 'sectionTitle' | 'table' | 'receiptBoxes' | 'paragraph' | 'labelSheet';
type DrawingArgs<K extends Drawing> = (typeof layout)[K] extends (
  doc: layout.Pdf,
  ...args: infer A
) => void
  ? A
  : never;

export type PdfStep =
  | { [K in Drawing]: { draw: K; args: DrawingArgs<K> } }[Drawing]
  | { draw: 'footers'; template: string };

/**
 * Stand for the page number and the page count in a footer's text, which the rendering thread
 * fills in once it knows how many pages there are. Private-use characters: no text of the
 * portal's has them.
 */
export const PAGE_NUMBER = '\uE000page\uE000';
export const PAGE_COUNT = '\uE000pages\uE000';

export async function createPdf(info: PdfInfo): Promise<Pdf> {
  return { info, steps: [] };
}

function recorder<K extends Drawing>(draw: K) {
  return (doc: Pdf, ...args: DrawingArgs<K>) => {
    // TypeScript does not pair a generic key with its own arguments inside the union.
    doc.steps.push({ draw, args } as unknown as PdfStep);
  };
}

/** Who sends a document, and the reader's language. */
export interface Letterhead {
  provider: ProviderIdentity;
  translations: Translations;
  language: Language;
}

const recordHeading = recorder('heading');
/** The provider's letterhead, the title and who it is for; the letterhead's texts made here. */
export function heading(doc: Pdf, letter: Letterhead, title: string, subtitle: string) {
  const { provider, translations, language } = letter;
  const lines = identityLines(provider, translations, language);
  recordHeading(doc, { ...lines, logoPath: provider.logoPath }, title, subtitle);
}
/** Label and value pairs, two to a line. */
export const facts = recorder('facts');
export const sectionTitle = recorder('sectionTitle');
/** A table that breaks across pages, its header row repeated on each. */
export const table = recorder('table');
/** Boxes for the receiver's name, date, signature and reservations, kept on one page. */
export const receiptBoxes = recorder('receiptBoxes');
export const paragraph = recorder('paragraph');
/** Drum labels laid out on a sticker sheet, as many sheets as they need. */
export const labelSheet = recorder('labelSheet');

/** "Page n of m" at the foot of each page: `text` gets the number and the count as text. */
export function footers(doc: Pdf, text: (page: string, pages: string) => string) {
  doc.steps.push({ draw: 'footers', template: text(PAGE_NUMBER, PAGE_COUNT) });
}

/** The finished document's bytes, drawn on a rendering thread. */
export function toBuffer(doc: Pdf, kind: DocumentKind): Promise<Buffer> {
  return renderPdf(doc, kind);
}
