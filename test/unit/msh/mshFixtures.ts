/**
 * Test models and archives built with the core's writer (no real Parkan file is public), and
 * helpers to open them and patch single fields at the offsets the layout gives.
 */
import { memoryByteSource } from '../../../formats/fileAccess';
import {
  type MshModelInput,
  type MshOpenOptions,
  type MshOpenResult,
  type NresEntryInput,
  buildMshModel,
  openMshFile,
  writeNres,
} from '../../../formats/msh';

const DEG = Math.PI / 180;

/** `[w, x, y, z]` of a rotation by `degrees` about Z. */
export function aboutZ(degrees: number): [number, number, number, number] {
  return [Math.cos((degrees * DEG) / 2), 0, 0, Math.sin((degrees * DEG) / 2)];
}

/**
 * Three nodes: a static root (one key at time 0), an arm (keys at 0, 2, 4) and a hand (keys at
 * 0, 1, 3); frame count 5. Keys: root 0; arm 1, 2, 3; hand 4, 5, 6. Map: arm words 0..4 =
 * 1 1 2 2 3, hand words 5..9 = 4 5 5 6 6.
 */
export const HERO: MshModelInput = {
  nodes: [
    { name: 'root', keys: [{ time: 0, position: [0, 0, 0] }] },
    {
      name: 'arm',
      parent: 0,
      keys: [
        { time: 0, position: [0, 1, 0], rotation: aboutZ(0) },
        { time: 2, position: [0, 2, 0], rotation: aboutZ(90) },
        { time: 4, position: [0, 4, 0], rotation: aboutZ(180) },
      ],
    },
    {
      name: 'hand',
      parent: 1,
      keys: [
        { time: 0, position: [1, 0, 0], rotation: aboutZ(0) },
        { time: 1, position: [2, 0, 0], rotation: aboutZ(-30) },
        { time: 3, position: [3, 0, 0], rotation: aboutZ(-60) },
      ],
    },
  ],
};

/** Two nodes without names: a static root and one mapped child with keys at 0 and 1 (frame count 2). */
export const SMALL: MshModelInput = {
  nodes: [
    { keys: [{ time: 0 }] },
    { parent: 0, keys: [{ time: 0, rotation: aboutZ(10) }, { time: 1, position: [1, 2, 3], rotation: aboutZ(20) }] },
  ],
};

export function heroModel(): Uint8Array {
  return buildMshModel(HERO);
}

/** An archive: hero.msh, a text entry, small.msh (entries 0, 1, 2). */
export function heroArchive(): Uint8Array {
  const entries: NresEntryInput[] = [
    { typeId: 0, name: 'hero.msh', data: heroModel() },
    { typeId: 7, name: 'readme.txt', data: new TextEncoder().encode('not a model') },
    { typeId: 0, name: 'small.msh', data: buildMshModel(SMALL) },
  ];
  return writeNres(entries);
}

export async function open(bytes: Uint8Array, options: Partial<MshOpenOptions> = {}): Promise<MshOpenResult> {
  return openMshFile(memoryByteSource(bytes), { maxKeyframeProblems: 100, ...options });
}

/** A copy of `bytes` with `edit` applied through a DataView. */
export function patched(bytes: Uint8Array, edit: (view: DataView, bytes: Uint8Array) => void): Uint8Array {
  const copy = bytes.slice();
  edit(new DataView(copy.buffer), copy);
  return copy;
}
