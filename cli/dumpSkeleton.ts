/** `ewzanim dump` of a skeleton: each bone's inverse bind matrix, exact f32, as stored. */
import { INVERSE_BIND_SIZE, SKELETON_HEADER_SIZE, inverseBindOffset, inverseBindsByteLength, parseSkeletonHeader, readInverseBind } from '../formats/index';
import type { ByteSource } from '../formats/fileAccess';
import type { SkeletonHeader } from '../formats/records';
import type { IndexRange } from './args';
import { clampRange, RECORDS_PER_BLOCK, type DumpHeader, type DumpSection, type PrintedRow } from './dumpOutput';
import { f32Text } from '../formats/numberText';
import { f32List } from './jsonText';

/** Column-major storage order: c0.xyz, c1.xyz, c2.xyz, t.xyz. */
function matrixRow(m: Float32Array, bone: number, offset: number): PrintedRow {
  const columns = [0, 1, 2, 3].map((c) => f32List(m.subarray(c * 3, c * 3 + 3)));
  return { cells: [String(bone), String(offset), ...Array.from(m, f32Text)], json: [{ bone, offset, columns }] };
}

async function* matrixBlocks(source: ByteSource, header: SkeletonHeader, bones?: IndexRange): AsyncIterable<PrintedRow[]> {
  const range = clampRange(bones, header.boneCount);
  for (let first = range.start; first < range.end; first += RECORDS_PER_BLOCK) {
    const last = Math.min(range.end, first + RECORDS_PER_BLOCK);
    const start = inverseBindOffset(first);
    const bytes = await source.read(start, inverseBindsByteLength(last - first));
    const rows: PrintedRow[] = [];
    for (let bone = first; bone < last; bone++) {
      const at = inverseBindOffset(bone) - start;
      if (at + INVERSE_BIND_SIZE > bytes.length) break; // truncated: `check` says skel/truncated
      rows.push(matrixRow(readInverseBind(bytes, at), bone, start + at));
    }
    yield rows;
    if (rows.length < last - first) return;
  }
}

const COLUMN_NAMES = ['c0', 'c1', 'c2', 't'].flatMap((c) => ['x', 'y', 'z'].map((a) => `${c}.${a}`));

export async function skeletonDump(source: ByteSource, bones?: IndexRange): Promise<{ header: DumpHeader; sections: DumpSection[] } | undefined> {
  const header = parseSkeletonHeader(await source.read(0, SKELETON_HEADER_SIZE));
  if (!header) return undefined;
  return {
    header: {
      title: `skeleton: ${header.boneCount} bones, reserved ${header.reserved}, ${source.size} bytes; inverse bind matrices, column-major 3x4`,
      members: { kind: 'skeleton', boneCount: header.boneCount, reserved: header.reserved },
    },
    sections: [
      {
        key: 'inverseBindMatrices',
        columns: [
          { title: 'bone', align: 'right' },
          { title: 'offset', align: 'right' },
          ...COLUMN_NAMES.map((title) => ({ title, align: 'right' as const })),
        ],
        blocks: matrixBlocks(source, header, bones),
      },
    ],
  };
}
