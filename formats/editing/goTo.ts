/**
 * Parsing and validating what the user types into "Go to Frame/Bone" and "Go to Offset": the
 * message is shown live by the input box (`validateInput`), so every refusal says why.
 */
import { mshRecordOffset, type MshRecordKind } from '../msh/rows';
import { recordStart, type MshRowLayout, type RowLayout } from './rowLayout';

export type GoToResult = { offset: number; error?: undefined } | { offset?: undefined; error: string };

/** `frame bone` (`12 3`, `12,3`, `12:3`, `12 · 3`; a lone number means bone 0); skeletons: `bone`. */
export function parseFrameBone(text: string, layout: RowLayout): GoToResult {
  if (layout.kind === 'msh') return parseMshPlace(text, layout);
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

const MSH_PLACE_WORDS: Record<string, MshRecordKind> = { node: 'node', key: 'key', map: 'word', word: 'word' };

/**
 * NRes files: `node 3`, `key 17`, `map 40` (a Res19 word); a lone number is a node. In an
 * archive, `model 2 key 17` picks the model (the first one otherwise).
 */
export function parseMshPlace(text: string, layout: MshRowLayout): GoToResult {
  const models = layout.file.models;
  if (models.length === 0) return { error: 'This file holds no model (no Res1, Res8 or Res19 stream).' };
  const words = text.trim().toLowerCase().split(/[\s,:;/·]+/).filter((p) => p.length > 0);
  let model = 0;
  let kind: MshRecordKind = 'node';
  let index: number | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (/^\d+$/.test(word)) {
      if (index !== undefined) return { error: `Type one place, e.g. "node 3", "key 17" or "map 40"; "${text}" has more numbers.` };
      index = Number(word);
    } else if (word === 'model' && /^\d+$/.test(words[i + 1] ?? '')) {
      model = Number(words[++i]);
    } else if (MSH_PLACE_WORDS[word]) {
      kind = MSH_PLACE_WORDS[word];
    } else {
      return { error: `"${word}" is not understood: type "node 3", "key 17" or "map 40" (and "model 2" in an archive).` };
    }
  }
  if (index === undefined) return { error: 'Type a node, key or map word number, e.g. "node 3" or "key 17".' };
  if (model >= models.length) return { error: `Model ${model} does not exist: models are 0..${models.length - 1}.` };
  return mshRecordOffset(models[model], kind, index);
}
