/**
 * A stored value as it may reach a terminal: control characters (C0, DEL, C1) and Unicode format
 * characters (right-to-left override, zero-width…) are printed as escapes (`\x1b`, `\u202e`),
 * so a name cannot clear the screen, set the window title or reorder what is shown. The
 * contract refuses them on input; rows written before that, or by hand, still pass here.
 */
export function printable(value: string): string {
  return value.replace(/[\p{Cc}\p{Cf}]/gu, (char) => {
    const code = char.codePointAt(0)!;
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** A refusal of the admin command line: its message is printed, without a stack. */
export class AdminError extends Error {}
