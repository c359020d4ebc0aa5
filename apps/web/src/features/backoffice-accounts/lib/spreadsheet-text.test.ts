import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet-text';

describe('spreadsheetText', () => {
  it('reads UTF-8, dropping a byte-order mark', () => {
    const bytes = new TextEncoder().encode('\uFEFFsite;ville\nQuai Nord;Orléans');
    expect(spreadsheetText(bytes)).toBe('site;ville\nQuai Nord;Orléans');
  });

  it("reads Windows-1252, as French Excel saves a CSV: accents, the euro sign, 'œ'", () => {
    // "Orléans;€;cœur" in Windows-1252: é = E9, € = 80, œ = 9C.
    const bytes = new Uint8Array([
      0x4f, 0x72, 0x6c, 0xe9, 0x61, 0x6e, 0x73, 0x3b, 0x80, 0x3b, 0x63, 0x9c, 0x75, 0x72,
    ]);
    expect(spreadsheetText(bytes)).toBe('Orléans;€;cœur');
  });
});
