import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/csv';
import { csvLine, neutralizeFormula } from './csv';
import {
  dateTime,
  day,
  exportTable,
  inBatches,
  money,
  num,
  text,
  type ExportColumn,
  type ExportOptions,
} from './table-export';

interface Row {
  name: string;
  metres: number;
  rent: number;
  on: string;
  at: string;
}

const columns: ExportColumn<Row>[] = [
  { header: 'Nom', cell: (row) => text(row.name) },
  { header: 'Mètres', cell: (row) => num(row.metres) },
  { header: 'Location', cell: (row) => money(row.rent) },
  { header: 'Livré le', cell: (row) => day(row.on) },
  { header: 'Relevé', cell: (row) => dateTime(row.at) },
];

const awkward = [
  'Câble "spécial", 3G2.5',
  'two\nlines',
  'Touret 🧵 ✓',
  'كابل نحاسي',
  '=HYPERLINK("http://evil")',
  '+33 1 23',
  '-2',
  '@SUM(A1)',
  '\tTab',
];

async function* rowsOf(names: string[]): AsyncGenerator<Row> {
  for (const name of names) {
    yield { name, metres: 1234.5, rent: 12.3, on: '2026-02-28', at: '2026-11-25T10:05:00Z' };
  }
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Keeps the byte order mark, which a default TextDecoder drops. */
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const options = (format: 'csv' | 'xlsx', language: 'fr' | 'en'): ExportOptions => ({
  format,
  language,
  timeZone: 'Europe/Paris',
  sheetName: 'Tourets',
});

describe('CSV', () => {
  it('escapes formulas and quotes what needs it', () => {
    expect(neutralizeFormula('=1+1')).toBe("'=1+1");
    expect(neutralizeFormula('\rx')).toBe("'\rx");
    expect(neutralizeFormula('a=1')).toBe('a=1');
    expect(csvLine(['a;b', 'c'], ';')).toBe('"a;b";c\r\n');
    expect(csvLine(['a,b', 'say "hi"'], ',')).toBe('"a,b","say ""hi"""\r\n');
  });

  it('writes French with a BOM, ";" and French numbers and dates, every awkward name intact', async () => {
    const body = decode(await collect(exportTable(columns, rowsOf(awkward), options('csv', 'fr'))));
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(body.slice(1), ';');
    expect(rows[0]).toEqual(['Nom', 'Mètres', 'Location', 'Livré le', 'Relevé']);
    expect(rows[1]).toEqual([
      'Câble "spécial", 3G2.5',
      '1234,5',
      '12,30',
      '28/02/2026',
      '25/11/2026 11:05',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      'Câble "spécial", 3G2.5',
      'two\nlines',
      'Touret 🧵 ✓',
      'كابل نحاسي',
      `'=HYPERLINK("http://evil")`,
      "'+33 1 23",
      "'-2",
      "'@SUM(A1)",
      "'\tTab",
    ]);
  });

  it('keeps negative numbers and amounts as numbers: only text cells are guarded against formulas', async () => {
    async function* below(): AsyncGenerator<Row> {
      yield { name: '-94', metres: -94, rent: -12.3, on: '2026-02-28', at: '2026-11-25T10:05:00Z' };
    }
    for (const [language, separator] of [
      ['fr', ';'],
      ['en', ','],
    ] as const) {
      const body = decode(await collect(exportTable(columns, below(), options('csv', language))));
      const [name, metres, rent] = parseCsv(body.slice(1), separator)[1]!;
      expect(name).toBe("'-94");
      expect(metres).toBe('-94');
      expect(rent).toBe(language === 'fr' ? '-12,30' : '-12.30');
    }
    const files = unzipSync(await collect(exportTable(columns, below(), options('xlsx', 'en'))));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">-94</t></is></c>');
    expect(sheet).toContain('<c r="B2" ><v>-94</v></c>');
    expect(sheet).toContain('<c r="C2" s="3"><v>-12.3</v></c>');
  });

  it('writes English with "," and English formats, and only headers for no rows', async () => {
    const body = decode(await collect(exportTable(columns, rowsOf(['x']), options('csv', 'en'))));
    expect(parseCsv(body.slice(1), ',')[1]).toEqual([
      'x',
      '1234.5',
      '12.30',
      '28/02/2026',
      '25/11/2026, 11:05',
    ]);
    const empty = decode(await collect(exportTable(columns, rowsOf([]), options('csv', 'en'))));
    expect(empty).toBe('\uFEFFNom,Mètres,Location,Livré le,Relevé\r\n');
  });
});

describe('XLSX', () => {
  it('is a workbook whose sheet holds the headers, text as text and numbers and dates as numbers', async () => {
    const files = unzipSync(
      await collect(exportTable(columns, rowsOf(awkward), options('xlsx', 'fr'))),
    );
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain(
      '<c r="A1" t="inlineStr" s="4"><is><t xml:space="preserve">Nom</t></is></c>',
    );
    expect(sheet).toContain('<t xml:space="preserve">Câble &quot;spécial&quot;, 3G2.5</t>');
    expect(sheet).toContain('<t xml:space="preserve">two\nlines</t>');
    expect(sheet).toContain('Touret 🧵 ✓');
    expect(sheet).toContain('كابل نحاسي');
    // In a cell typed as text, a leading "=" is never a formula.
    expect(sheet).toContain('<t xml:space="preserve">=HYPERLINK(&quot;http://evil&quot;)</t>');
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('<c r="B2" ><v>1234.5</v></c>');
    expect(sheet).toContain('<c r="D2" s="1"><v>46081</v></c>');
    // 11:05 in Paris: 46351 + 11h05 / 24h.
    expect(sheet).toMatch(/<c r="E2" s="2"><v>46351\.4618055\d*<\/v><\/c>/);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="Tourets"');
  });

  it('has its header row and nothing else for no rows', async () => {
    const files = unzipSync(await collect(exportTable(columns, rowsOf([]), options('xlsx', 'en'))));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)).toHaveLength(1);
    expect(sheet).toContain('Relevé');
  });
});

describe('inBatches', () => {
  it('asks for the next batch after the last row until a short batch', async () => {
    const calls: Array<number | undefined> = [];
    const source = Array.from({ length: 7 }, (_, index) => index);
    const rows: number[] = [];
    for await (const row of inBatches<number>(3, async (after, size) => {
      calls.push(after);
      const start = after === undefined ? 0 : after + 1;
      return source.slice(start, start + size);
    })) {
      rows.push(row);
    }
    expect(rows).toEqual(source);
    expect(calls).toEqual([undefined, 2, 5]);
  });
});
