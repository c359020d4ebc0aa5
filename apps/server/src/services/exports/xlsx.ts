import { Zip, ZipDeflate } from 'fflate';

/**
 * A cell: text, a number, or a date, date-time or amount in euros (UTC milliseconds of the
 * wall-clock time for dates), or null for an empty cell.
 */
export type XlsxCell =
  string | number | null | { date: number } | { dateTime: number } | { money: number };

const encoder = new TextEncoder();

// Control characters XML 1.0 cannot hold (a tab and line breaks are kept).
// eslint-disable-next-line no-control-regex
const invalidXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(value: string): string {
  return value
    .replace(invalidXml, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Days since 1899-12-30, the spreadsheet's epoch, from UTC milliseconds. */
const serialOf = (ms: number) => ms / 86_400_000 + 25_569;

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

// Styles: 0 plain, 1 date (the reader's short date), 2 date-time, 3 amount, 4 header (bold).
const stylesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00\\ &quot;€&quot;"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

const staticParts = (sheetName: string): Array<[string, string]> => [
  [
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  ],
  ['xl/styles.xml', stylesXml],
];

/**
 * One worksheet written row by row into a streamed ZIP (fflate): strings inline (no shared
 * string table to hold), so what is in memory is the rows not yet drained, not the workbook.
 * Call `drain()` after each row to take the bytes out.
 */
export class XlsxSheetWriter {
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private out: Uint8Array[] = [];
  private pending = '';
  private rowNumber = 0;

  constructor(sheetName: string) {
    this.zip = new Zip((error, chunk) => {
      if (error) throw error;
      this.out.push(chunk);
    });
    for (const [name, content] of staticParts(sheetName)) {
      const part = new ZipDeflate(name, { level: 6 });
      this.zip.add(part);
      part.push(encoder.encode(content), true);
    }
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    this.zip.add(this.sheet);
    this.pending = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
  }

  writeHeader(headers: readonly string[]): void {
    this.writeCells(headers.map((header) => this.textCell(header, 4)));
  }

  writeRow(cells: readonly XlsxCell[]): void {
    this.writeCells(cells.map((cell) => this.cell(cell)));
  }

  finish(): void {
    this.pending += '</sheetData></worksheet>';
    this.flush(true);
    this.zip.end();
  }

  /** The bytes written since the last call. */
  *drain(): Generator<Uint8Array> {
    if (this.pending.length >= 64 * 1024) this.flush(false);
    const out = this.out;
    this.out = [];
    yield* out;
  }

  private flush(final: boolean): void {
    this.sheet.push(encoder.encode(this.pending), final);
    this.pending = '';
  }

  private writeCells(cells: string[]): void {
    this.rowNumber += 1;
    const row = this.rowNumber;
    this.pending += `<row r="${row}">${cells
      .map((cell, index) => cell.replace('<c ', `<c r="${columnName(index)}${row}" `))
      .join('')}</row>`;
  }

  private textCell(value: string, style = 0): string {
    return `<c t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  }

  private cell(cell: XlsxCell): string {
    if (cell === null) return '<c />';
    if (typeof cell === 'string') return this.textCell(cell);
    if (typeof cell === 'number') return Number.isFinite(cell) ? `<c ><v>${cell}</v></c>` : '<c />';
    if ('date' in cell) return `<c s="1"><v>${serialOf(cell.date)}</v></c>`;
    if ('dateTime' in cell) return `<c s="2"><v>${serialOf(cell.dateTime)}</v></c>`;
    return `<c s="3"><v>${cell.money}</v></c>`;
  }
}
