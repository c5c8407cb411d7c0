/**
 * Typing hex digits over the selected byte, as in VS Code's Hex Editor: the first digit is held
 * (shown, not written), the second completes the byte, which is written as one edit (one undo
 * step) and the selection moves to the next byte. Pure: the view asks and acts.
 */
export interface PendingNibble {
  offset: number;
  /** The high nibble typed so far. */
  high: number;
}

export type TypedDigit =
  | { pending: PendingNibble; write?: undefined }
  | { pending?: undefined; write: { offset: number; value: number } };

/** The digit of a key (`0`-`9`, `a`-`f`, either case), or undefined. */
export function hexDigitOf(key: string): number | undefined {
  return /^[0-9a-fA-F]$/.test(key) ? parseInt(key, 16) : undefined;
}

/** A digit typed at `offset` with `pending` held: hold it, or complete the byte. */
export function typeDigit(pending: PendingNibble | undefined, offset: number, digit: number): TypedDigit {
  if (pending && pending.offset === offset) return { write: { offset, value: (pending.high << 4) | digit } };
  return { pending: { offset, high: digit } };
}
