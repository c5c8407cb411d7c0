/**
 * The hex editor's value conditions in NRes files: NaN or infinity in a Res8 key's position or
 * time, and quaternions whose length is not 1 (the runtime uses them as stored), in every model
 * of the file, reading the key pools in pieces. Matches are field ranges in file order.
 */
import type { ByteRange } from '../diagnostics';
import type { ByteSource } from '../fileAccess';
import { decodeMshQuaternion, readMshRawKey } from './animation';
import { KEY_FIELDS, KEY_ROTATION_AT, KEY_SIZE } from './layout';
import type { MshFileLayout } from './model';
import { eachRecordChunk, runOnSource } from './reads';

/** A decoded quaternion whose length is further than this from 1 is reported (and described) as not unit. */
export const MSH_NORM_TOLERANCE = 0.01;

export type MshSearchCondition = 'nan' | 'infinite' | 'nonUnit';

export interface MshSearchOptions {
  chunkBytes: number;
  /** Called with each match in file order; false stops the search (enough matches kept). */
  onMatch(range: ByteRange): void;
  /** Between pieces: true ends the search early. */
  shouldStop?: () => boolean;
  onProgress?: (scannedBytes: number) => void;
}

/** The f32 fields of a key (position x, y, z and time), tested for NaN or infinity. */
const FLOAT_FIELDS = KEY_FIELDS.filter((f) => f.valueType === 'f32');

/** Visits every key of every model in file order; returns false when stopped. */
export async function searchMshCondition(source: ByteSource, layout: MshFileLayout, condition: MshSearchCondition, options: MshSearchOptions): Promise<boolean> {
  const pools = layout.models
    .map((model) => ({ stream: model.streams.keys, count: model.keyCount }))
    .filter((p) => p.stream?.payloadInside && p.count > 0)
    .sort((a, b) => a.stream!.dataStart - b.stream!.dataStart);
  const test = condition === 'nan' ? Number.isNaN : (v: number) => v === Infinity || v === -Infinity;
  for (const { stream, count } of pools) {
    const start = stream!.dataStart;
    let stopped = false;
    const steps = eachRecordChunk(start, count, KEY_SIZE, options.chunkBytes, (bytes, firstRecord, records) => {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let r = 0; r < records; r++) {
        const at = r * KEY_SIZE;
        const keyStart = start + (firstRecord + r) * KEY_SIZE;
        if (condition === 'nonUnit') {
          const norm = Math.hypot(...decodeMshQuaternion(readMshRawKey(bytes, at).rotation));
          if (Math.abs(norm - 1) > MSH_NORM_TOLERANCE) options.onMatch({ start: keyStart + KEY_ROTATION_AT, end: keyStart + KEY_SIZE });
          continue;
        }
        for (const field of FLOAT_FIELDS) {
          if (test(view.getFloat32(at + field.start, true))) options.onMatch({ start: keyStart + field.start, end: keyStart + field.end });
        }
      }
      options.onProgress?.(start + (firstRecord + records) * KEY_SIZE);
      stopped ||= options.shouldStop?.() ?? false;
    });
    await runOnSource(steps, source);
    if (stopped) return false;
  }
  return true;
}
