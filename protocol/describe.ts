import type { ByteDescription } from '../formats/describe';

/**
 * `ewzanim/describeByte`: the language server describes the byte at an offset of a binary file
 * (field, range, raw and decoded values), so the keyframe listing's hover, the hex editor's
 * tooltip and its inspector all say the same thing.
 */
export const DESCRIBE_BYTE_REQUEST = 'ewzanim/describeByte';

export interface DescribeByteParams {
  /** The file's URI as a string. */
  uri: string;
  offset: number;
  /**
   * Unsaved bytes the asking editor holds for the region around `offset` (base64), so the
   * description follows edits that are not on disk yet.
   */
  overlay?: { offset: number; base64: string };
}

export type DescribeByteResult = ByteDescription | null;
