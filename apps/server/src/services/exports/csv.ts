/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
 * return) gets a leading apostrophe: the spreadsheet shows it as text, and nothing runs.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line (RFC 4180): a cell with the separator, a quote or a line break is quoted. */
export function csvLine(cells: readonly string[], separator: ',' | ';'): string {
  return `${cells
    .map((raw) => {
      const cell = neutralizeFormula(raw);
      return cell.includes(separator) || /["\r\n]/.test(cell)
        ? `"${cell.replace(/"/g, '""')}"`
        : cell;
    })
    .join(separator)}\r\n`;
}
