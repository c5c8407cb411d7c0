/**
 * What a binary problem's row in the Problems panel says about getting to its bytes: its code is
 * a link to them (problemLinks.ts). Pure, so it is tested without an editor.
 */
import { describeByteRange } from '../../../formats/byteRangeText';
import type { ByteRange } from '../../../formats/diagnostics';

export const JUMP_HINT = 'click the code to jump';

/** "… (bytes 0x4-0x13; click the code to jump)": the hint joins the message's byte range, else ends the message. */
export function messageWithJumpHint(message: string, range: ByteRange): string {
  if (message.endsWith(`${JUMP_HINT})`)) return message;
  const where = `(${describeByteRange(range)})`;
  if (message.endsWith(where)) return `${message.slice(0, -1)}; ${JUMP_HINT})`;
  return `${message} (${JUMP_HINT})`;
}
