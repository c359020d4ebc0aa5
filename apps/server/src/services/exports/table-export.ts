import type { Language } from '@portal/contract';
import { csvLine, CSV_BOM, neutralizeFormula } from './csv';
import { XlsxSheetWriter, type XlsxCell } from './xlsx';
import { wallClockFormat } from '../clock';

export type ExportFormat = 'csv' | 'xlsx';

/** What a cell holds; each kind is written the way the reader's language writes it. */
export type ExportValue =
  | { kind: 'text'; value: string | null }
  | { kind: 'number'; value: number | null; fractionDigits?: number }
  | { kind: 'money'; value: number | null }
  | { kind: 'date'; value: string | null }
  | { kind: 'dateTime'; value: Date | string | null };

export interface ExportColumn<Row> {
  header: string;
  cell: (row: Row) => ExportValue;
}

export interface ExportOptions {
  format: ExportFormat;
  language: Language;
  /** IANA zone the date-times are written in. */
  timeZone: string;
  /** The sheet's name in the workbook. */
  sheetName: string;
}

export const text = (value: string | null | undefined): ExportValue => ({
  kind: 'text',
  value: value ?? null,
});
export const num = (value: number | null | undefined, fractionDigits = 1): ExportValue => ({
  kind: 'number',
  value: value ?? null,
  fractionDigits,
});
export const money = (value: number | null | undefined): ExportValue => ({
  kind: 'money',
  value: value ?? null,
});
export const day = (value: string | null | undefined): ExportValue => ({
  kind: 'date',
  value: value ?? null,
});
export const dateTime = (value: Date | string | null | undefined): ExportValue => ({
  kind: 'dateTime',
  value: value ?? null,
});

export const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The formatters of one export, built once (Intl formatters are costly to create). CSV cells are
 * text as the reader writes them (French: "1 234,5", ";" between cells since "," is the decimal
 * mark); XLSX cells keep numbers and dates as numbers, which the spreadsheet shows in its own
 * language.
 */
function formattersOf(options: ExportOptions) {
  const locale = options.language === 'fr' ? 'fr-FR' : 'en-GB';
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberFormat = (digits: number) => {
    let format = numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false });
      numbers.set(digits, format);
    }
    return format;
  };
  const moneyFormat = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: options.timeZone,
  });
  const wallClock = wallClockFormat(options.timeZone);
  return {
    csv(cell: ExportValue): string {
      if (cell.value === null) return '';
      switch (cell.kind) {
        case 'text':
          return neutralizeFormula(cell.value);
        case 'number':
          return numberFormat(cell.fractionDigits ?? 1).format(cell.value);
        case 'money':
          return moneyFormat.format(cell.value);
        case 'date':
          return dateFormat.format(new Date(`${cell.value}T00:00:00Z`));
        case 'dateTime':
          return dateTimeFormat.format(new Date(cell.value));
      }
    },
    xlsx(cell: ExportValue): XlsxCell {
      if (cell.value === null) return null;
      switch (cell.kind) {
        case 'text':
          return cell.value;
        case 'number':
          return cell.value;
        case 'money':
          return { money: cell.value };
        case 'date':
          return { date: Date.parse(`${cell.value}T00:00:00Z`) };
        case 'dateTime': {
          // A spreadsheet date has no zone: write the wall-clock time where the reader is.
          const parts = Object.fromEntries(
            wallClock.formatToParts(new Date(cell.value)).map((part) => [part.type, part.value]),
          );
          const wall = Date.UTC(
            Number(parts.year),
            Number(parts.month) - 1,
            Number(parts.day),
            Number(parts.hour),
            Number(parts.minute),
            Number(parts.second),
          );
          return { dateTime: wall };
        }
      }
    },
  };
}

/**
 * A list as CSV or XLSX, produced as the rows come: a row is formatted, written and forgotten,
 * so memory stays flat however long the list. Rows should come from the database in batches
 * (see `inBatches`). An empty list still has its header row.
 */
export async function* exportTable<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: AsyncIterable<Row>,
  options: ExportOptions,
): AsyncGenerator<Uint8Array> {
  const formatters = formattersOf(options);
  const encoder = new TextEncoder();
  const headers = columns.map((column) => column.header);
  if (options.format === 'csv') {
    const separator = options.language === 'fr' ? ';' : ',';
    let chunk = CSV_BOM + csvLine(headers.map(neutralizeFormula), separator);
    for await (const row of rows) {
      chunk += csvLine(
        columns.map((column) => formatters.csv(column.cell(row))),
        separator,
      );
      if (chunk.length >= 64 * 1024) {
        yield encoder.encode(chunk);
        chunk = '';
      }
    }
    yield encoder.encode(chunk);
    return;
  }
  const sheet = new XlsxSheetWriter(options.sheetName);
  sheet.writeHeader(headers);
  for await (const row of rows) {
    sheet.writeRow(columns.map((column) => formatters.xlsx(column.cell(row))));
    yield* sheet.drain();
  }
  sheet.finish();
  yield* sheet.drain();
}

/**
 * Reads a list a batch at a time: `next` gets the last row of the previous batch (undefined at
 * first) and answers the next batch, keyed on it; a batch shorter than `size` is the last.
 */
export async function* inBatches<Row>(
  size: number,
  next: (after: Row | undefined, size: number) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const batch = await next(after, size);
    yield* batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1];
  }
}
