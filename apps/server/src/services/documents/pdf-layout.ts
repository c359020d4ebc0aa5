import { readFile } from 'node:fs/promises';
import type { Font } from 'fontkit';
import type { Language } from '@portal/contract';
import { workspacePath } from '../../config/paths';

const fontFiles = {
  body: workspacePath('apps/server/assets/fonts/DejaVuSans.ttf'),
  bold: workspacePath('apps/server/assets/fonts/DejaVuSans-Bold.ttf'),
};

/**
 * The fonts, parsed once per process (per rendering thread). pdfkit would read and parse each
 * file again for every document, and the font engine decodes its substitution and kerning tables
 * lazily, as each new character and pair of characters is laid out: most of a document's drawing
 * time went to decoding the same tables again, and a long varied text decoded more of them.
 */
let parsedFonts: Promise<{ body: Font; bold: Font }> | undefined;

function loadFonts() {
  parsedFonts ??= (async () => {
    const { create } = await import('fontkit');
    const open = async (file: string) => create(await readFile(file));
    return { body: await open(fontFiles.body), bold: await open(fontFiles.bold) };
  })();
  return parsedFonts;
}

/**
 * A document's own view of a parsed font: the decoded tables are shared, the glyphs are not. The
 * engine keeps the characters a glyph was first made for, and pdfkit writes them as the text of
 * that glyph (what search and copy read): a glyph first made in another document, or in another
 * context, would carry the wrong text.
 */
function fontForOneDocument(font: Font): PDFKit.Mixins.PDFFontSource {
  return Object.assign(Object.create(font) as Font, {
    _glyphs: {},
  }) as unknown as PDFKit.Mixins.PDFFontSource;
}

export const MARGIN = 48;
const INK = '#1b1f24';
const MUTED = '#5b6470';
const RULE = '#c9ced6';
const BAND = '#eef2f7';

export interface PdfColumn {
  header: string;
  /** Share of the line's width. */
  width: number;
  align?: 'left' | 'right';
}

/**
 * A PDF of the portal: A4, DejaVu Sans embedded (subset, so the file carries the glyphs it uses
 * and renders the same everywhere, without any network), with the title and language set.
 */
export async function createPdf(args: {
  title: string;
  language: Language;
  now: Date;
}): Promise<Pdf> {
  // Loaded on the first document, not at start-up: pdfkit and its font engine take a fifth of
  // a second to load, before the first answer of every start.
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadFonts()]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    lang: args.language,
    info: { Title: args.title, Creator: 'Customer portal', CreationDate: args.now },
    bufferPages: true,
  });
  doc.registerFont('body', fontForOneDocument(fonts.body));
  doc.registerFont('bold', fontForOneDocument(fonts.bold));
  doc.font('body').fillColor(INK);
  return doc;
}

export type Pdf = PDFKit.PDFDocument;

/** The width between the margins. */
export const lineWidth = (doc: Pdf) => doc.page.width - MARGIN * 2;

/** A letterhead as it is printed: the provider's name, its lines of details, and its logo. */
export interface PrintedLetterhead {
  name: string;
  details: string[];
  logoPath: string | undefined;
}

/**
 * The provider's letterhead at the top of the first page, as a company heads its documents: the
 * logo, the name, the address, how to reach it, and its registration and VAT numbers.
 */
function letterhead(doc: Pdf, { name, details, logoPath }: PrintedLetterhead) {
  const logoSize = 44;
  const x = logoPath ? MARGIN + logoSize + 12 : MARGIN;
  const width = lineWidth(doc) - (x - MARGIN);
  if (logoPath) {
    doc.image(logoPath, MARGIN, MARGIN, { fit: [logoSize, logoSize] });
  }
  doc.font('bold').fontSize(11).fillColor(INK).text(name, x, MARGIN, { width });
  doc.font('body').fontSize(8).fillColor(MUTED);
  for (const line of details) doc.text(line, x, doc.y, { width });
  const bottom = Math.max(doc.y, logoPath ? MARGIN + logoSize : 0) + 8;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + lineWidth(doc), bottom)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.x = MARGIN;
  doc.y = bottom + 14;
  doc.fillColor(INK);
}

/** The head of every document: the provider's letterhead, then its title and who it is for. */
export function heading(doc: Pdf, letter: PrintedLetterhead, title: string, subtitle: string) {
  letterhead(doc, letter);
  doc.font('bold').fontSize(18).fillColor(INK).text(title, MARGIN, doc.y);
  doc.moveDown(0.2).font('body').fontSize(10).fillColor(MUTED).text(subtitle);
  doc.moveDown(0.8).fillColor(INK);
}

/** Label and value pairs, two to a line. */
export function facts(doc: Pdf, pairs: Array<[string, string]>) {
  const width = lineWidth(doc) / 2;
  for (let index = 0; index < pairs.length; index += 2) {
    const y = doc.y;
    let bottom = y;
    for (const [offset, pair] of [pairs[index], pairs[index + 1]].entries()) {
      if (!pair) continue;
      const x = MARGIN + offset * width;
      doc
        .font('body')
        .fontSize(8)
        .fillColor(MUTED)
        .text(pair[0], x, y, { width: width - 12 });
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(INK)
        .text(pair[1], x, doc.y, { width: width - 12 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 6;
  }
  doc.x = MARGIN;
  doc.moveDown(0.5);
}

export function sectionTitle(doc: Pdf, text: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.4).font('bold').fontSize(12).fillColor(INK).text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
}

function ensureRoom(doc: Pdf, height: number): boolean {
  if (doc.y + height <= doc.page.height - MARGIN - 20) return false;
  doc.addPage();
  doc.y = MARGIN;
  return true;
}

/**
 * A table that breaks across pages, its header row repeated on each. Cells wrap (a long
 * designation takes more lines, never more width); `bold` rows are totals.
 */
export function table(
  doc: Pdf,
  columns: readonly PdfColumn[],
  rows: ReadonlyArray<{ cells: string[]; bold?: boolean }>,
) {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * lineWidth(doc));
  const padding = 4;
  const drawRow = (cells: string[], font: 'body' | 'bold', fill?: string) => {
    doc.font(font).fontSize(8.5);
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: widths[index]! - padding * 2 }),
        ),
      ) +
      padding * 2;
    if (ensureRoom(doc, height) && font === 'body') drawHeader();
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, lineWidth(doc), height).fill(fill);
    let x = MARGIN;
    cells.forEach((cell, index) => {
      doc
        .fillColor(INK)
        .font(font)
        .fontSize(8.5)
        .text(cell, x + padding, y + padding, {
          width: widths[index]! - padding * 2,
          align: columns[index]!.align ?? 'left',
        });
      x += widths[index]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + lineWidth(doc), y + height)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y = y + height;
  };
  const drawHeader = () =>
    drawRow(
      columns.map((column) => column.header),
      'bold',
      BAND,
    );
  drawHeader();
  for (const row of rows) drawRow(row.cells, row.bold ? 'bold' : 'body');
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

/**
 * Empty boxes, two to a line, each headed by its label: for the receiver to write their name,
 * the date, their signature and any reservations on receipt. Kept together on one page.
 */
export function receiptBoxes(doc: Pdf, labels: readonly string[]) {
  const gap = 12;
  const height = 64;
  const width = (lineWidth(doc) - gap) / 2;
  ensureRoom(doc, Math.ceil(labels.length / 2) * (height + gap));
  labels.forEach((label, index) => {
    const x = MARGIN + (index % 2) * (width + gap);
    const y = doc.y;
    doc.rect(x, y, width, height).strokeColor(INK).lineWidth(0.75).stroke();
    doc
      .font('body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x + 6, y + 5, { width: width - 12 });
    doc.y = index % 2 === 1 || index === labels.length - 1 ? y + height + gap : y;
  });
  doc.x = MARGIN;
  doc.fillColor(INK);
}

export function paragraph(doc: Pdf, text: string, options: { muted?: boolean } = {}) {
  ensureRoom(doc, 30);
  doc
    .font('body')
    .fontSize(9)
    .fillColor(options.muted ? MUTED : INK)
    .text(text, MARGIN, doc.y, { width: lineWidth(doc) });
  doc.moveDown(0.5).fillColor(INK);
}

/** "Page n of m" at the foot of each page, once the document is whole. */
export function footers(doc: Pdf, text: (page: number, pages: number) => string) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(text(index + 1, range.count), MARGIN, doc.page.height - MARGIN + 16, {
        width: lineWidth(doc),
        align: 'right',
      });
    doc.page.margins.bottom = bottom;
  }
}

/** The finished document's bytes. */
export function toBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Millimetres in PDF points. */
const mm = (value: number) => (value * 72) / 25.4;

/**
 * The sticker sheets, A4, as their makers give them: labels across and down, each label's size,
 * the sheet's top and left margins and the distance from one label to the next. `a4-21` is the
 * common 21-up address sheet (Avery L7160 and its equals), `a4-4` the 4-up (Avery L7169).
 */
const labelSheets = {
  'a4-21': {
    columns: 3,
    rows: 7,
    width: 63.5,
    height: 38.1,
    top: 15.15,
    left: 7.25,
    pitchX: 66.04,
    pitchY: 38.1,
  },
  'a4-4': {
    columns: 2,
    rows: 2,
    width: 99.1,
    height: 139,
    top: 9.5,
    left: 4.65,
    pitchX: 101.6,
    pitchY: 139,
  },
} as const;

export interface DrumLabel {
  /** The QR code's modules, a row per string, '1' dark. */
  modules: string[];
  serial: string;
  caption: string;
}

/**
 * Labels on as many sheets as they need, one per place in reading order: the QR code centred at
 * the top of the label with a quiet zone of two modules (the label's white edge adds to it), the
 * serial in bold under it, the caption under that. Drawn as squares, so the code stays sharp at
 * any printer's resolution.
 */
export function labelSheet(
  doc: Pdf,
  sheet: keyof typeof labelSheets,
  labels: readonly DrumLabel[],
) {
  const format = labelSheets[sheet];
  const perSheet = format.columns * format.rows;
  const serialSize = sheet === 'a4-4' ? 22 : 9;
  const captionSize = sheet === 'a4-4' ? 12 : 6;
  const textHeight = serialSize * 1.25 + captionSize * 1.3 + mm(2);
  labels.forEach((label, index) => {
    const place = index % perSheet;
    if (index > 0 && place === 0) doc.addPage({ size: 'A4', margin: 0 });
    // Labels sit to the page's edge: no margin may send a line to another page.
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const x = mm(format.left + (place % format.columns) * format.pitchX);
    const y = mm(format.top + Math.floor(place / format.columns) * format.pitchY);
    const width = mm(format.width);
    const height = mm(format.height);
    const padding = mm(sheet === 'a4-4' ? 8 : 1.5);
    const count = label.modules.length + 4;
    const side = Math.min(width - padding * 2, height - padding * 2 - textHeight);
    const module = side / count;
    const left = x + (width - side) / 2;
    const top = y + padding;
    label.modules.forEach((row, rowIndex) => {
      for (let column = 0; column < row.length; column += 1) {
        if (row[column] === '1') {
          doc.rect(left + (column + 2) * module, top + (rowIndex + 2) * module, module, module);
        }
      }
    });
    doc.fillColor(INK).fill();
    doc
      .font('bold')
      .fontSize(serialSize)
      .text(label.serial, x, top + side, { width, align: 'center', lineBreak: false });
    doc
      .font('body')
      .fontSize(captionSize)
      .fillColor(MUTED)
      .text(label.caption, x + padding, top + side + serialSize * 1.25, {
        width: width - padding * 2,
        align: 'center',
        lineBreak: false,
        ellipsis: true,
      })
      .fillColor(INK);
  });
}
