/**
 * Parsing and validating what the user types into "Go to Frame/Bone" and "Go to Offset": the
 * message is shown live by the input box (`validateInput`), so every refusal says why.
 */
import { recordStart, type RowLayout } from './rowLayout';

export type GoToResult = { offset: number; error?: undefined } | { offset?: undefined; error: string };

/** `frame bone` (`12 3`, `12,3`, `12:3`, `12 · 3`; a lone number means bone 0); skeletons: `bone`. */
export function parseFrameBone(text: string, layout: RowLayout): GoToResult {
  if (layout.recordCount === 0) return { error: 'This file has no readable records (its header is broken or it is empty).' };
  const parts = text.trim().split(/[\s,:;/·]+/).filter((p) => p.length > 0);
  const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  if (layout.kind === 'skeleton') {
    if (numbers.length !== 1 || Number.isNaN(numbers[0])) return { error: 'Type a bone number, e.g. 2.' };
    const bone = numbers[0];
    if (bone >= layout.recordCount) return { error: `Bone ${bone} does not exist: bones are 0..${layout.recordCount - 1}.` };
    return { offset: recordStart(layout, 0, bone) };
  }
  if (numbers.length < 1 || numbers.length > 2 || numbers.some(Number.isNaN)) {
    return { error: 'Type a frame and a bone as whole numbers, e.g. "12 3" (or "12" for bone 0).' };
  }
  const [frame, bone = 0] = numbers;
  const framesPresent = Math.ceil(layout.recordCount / layout.boneCount);
  if (frame >= framesPresent) return { error: `Frame ${frame} does not exist: frames are 0..${framesPresent - 1}.` };
  if (bone >= layout.boneCount) return { error: `Bone ${bone} does not exist: bones are 0..${layout.boneCount - 1}.` };
  if (frame * layout.boneCount + bone >= layout.recordCount) {
    return { error: `Frame ${frame} · bone ${bone} is missing: the file ends before it (truncated).` };
  }
  return { offset: recordStart(layout, frame, bone) };
}

/** A byte offset: decimal (`1444`) or hexadecimal (`0x5a4`). */
export function parseOffset(text: string, size: number): GoToResult {
  const t = text.trim().toLowerCase();
  let offset: number;
  if (/^0x[0-9a-f]+$/.test(t)) offset = parseInt(t.slice(2), 16);
  else if (/^\d+$/.test(t)) offset = Number(t);
  else return { error: 'Type a byte offset: decimal (1444) or hexadecimal (0x5a4).' };
  if (size === 0) return { error: 'The file is empty.' };
  if (offset >= size) return { error: `Offset ${offset} is past the end: the file has ${size} bytes (last offset ${size - 1}).` };
  return { offset };
}
