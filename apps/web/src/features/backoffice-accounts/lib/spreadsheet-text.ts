const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/**
 * The text of a file a spreadsheet saved: UTF-8 (with or without a byte-order mark) when its
 * bytes are valid UTF-8, else Windows-1252, what Excel on Windows writes for "CSV (separator:
 * semicolon)" in French (`é` is one byte there, an invalid UTF-8 sequence).
 */
export function spreadsheetText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}
