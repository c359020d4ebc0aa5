/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * A text cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
 * return) gets a leading apostrophe: the spreadsheet shows it as text, and nothing runs. Only
 * text goes through it: a number, an amount or a date the export wrote itself ("-94") stays a
 * value the spreadsheet can sort and chart.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One CSV line (RFC 4180): a cell with the separator, a quote or a line break is quoted. Cells
 * come already written: text cells through `neutralizeFormula`, values as the reader writes them.
 */
export function csvLine(cells: readonly string[], separator: ',' | ';'): string {
  return `${cells
    .map((cell) =>
      cell.includes(separator) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell,
    )
    .join(separator)}\r\n`;
}
