/**
 * Caps per-record problems (keyframes, matrices, vertices, indices) at a limit and counts the
 * rest, so a file with millions of bad records yields a bounded list plus one summary.
 */
import type { ByteRange, FormatDiagnostic } from './diagnostics';
import { type DiagnosticFactory, binaryDiagnostic } from './diagnosticCodes';
import type { ByteSource } from './fileAccess';

export class ProblemCollector {
  readonly reported: FormatDiagnostic[] = [];
  private readonly totals = new Map<string, number>();
  private total = 0;

  constructor(private readonly limit: number) {}

  /** True while another problem would still be reported (lets callers skip building messages). */
  get wantsMore(): boolean {
    return this.reported.length < this.limit;
  }

  /** Counts a problem; `build` runs only when it will be reported. */
  add(code: string, build: () => FormatDiagnostic): void {
    this.total++;
    this.totals.set(code, (this.totals.get(code) ?? 0) + 1);
    if (this.reported.length < this.limit) this.reported.push(build());
  }

  /** The problems counted per code, in the order their codes were first seen. */
  counts(): [string, number][] {
    return [...this.totals];
  }

  /**
   * The problems another collector of the same limit counted after these (its reported ones and
   * its `counts`), as if added here one by one: the merge of a file linted in parts.
   */
  addCounted(reported: readonly FormatDiagnostic[], totals: readonly [string, number][]): void {
    const listed = new Map<string, number>();
    for (const diagnostic of reported) {
      this.add(diagnostic.code, () => diagnostic);
      listed.set(diagnostic.code, (listed.get(diagnostic.code) ?? 0) + 1);
    }
    // The rest were past the other's limit, so past this one's too: counted only.
    for (const [code, count] of totals) {
      const rest = count - (listed.get(code) ?? 0);
      if (rest <= 0) continue;
      this.total += rest;
      this.totals.set(code, (this.totals.get(code) ?? 0) + rest);
    }
  }

  /** The reported diagnostics, plus `<prefix>/more-problems` when some were left out. */
  finish(summaryCode: string, range: ByteRange, recordWord: string, diagnostic: DiagnosticFactory = binaryDiagnostic): FormatDiagnostic[] {
    const hidden = this.total - this.reported.length;
    if (hidden <= 0) return this.reported;
    const perCode = [...this.totals].map(([code, count]) => `${code}: ${count}`).join(', ');
    const data: Record<string, number> = { total: this.total, reported: this.reported.length };
    for (const [code, count] of this.totals) data[code] = count;
    return [
      ...this.reported,
      diagnostic(
        summaryCode,
        range,
        `${this.total} ${recordWord} problems in total (${perCode}); only the first ${this.reported.length} are reported. ` +
          'Raise the ewzanim.maxKeyframeProblems setting to see more, or fix the exporter that wrote them.',
        data,
      ),
    ];
  }
}

/**
 * Calls `visit` with consecutive pieces of `[start, start + count * recordSize)`, each a whole
 * number of records and at most `chunkBytes` long (at least one record), so memory stays bounded.
 */
export async function forEachRecordChunk(
  read: (offset: number, length: number) => Promise<Uint8Array>,
  start: number,
  count: number,
  recordSize: number,
  chunkBytes: number,
  visit: (bytes: Uint8Array, firstRecord: number, records: number) => void,
): Promise<void> {
  const perChunk = Math.max(1, Math.floor(chunkBytes / recordSize));
  for (let first = 0; first < count; first += perChunk) {
    const records = Math.min(perChunk, count - first);
    const bytes = await read(start + first * recordSize, records * recordSize);
    const whole = Math.min(records, Math.floor(bytes.length / recordSize));
    if (whole > 0) visit(bytes, first, whole);
    if (whole < records) return; // The source ended early (it changed under us): stop, never throw.
  }
}

interface PieceRead {
  offset: number;
  length: number;
  bytes: Uint8Array;
  filled: Promise<number>;
}

/**
 * A `read` for `forEachRecordChunk` over consecutive pieces of `[.., end)`. When the source
 * offers `readInto` it refills two buffers in turn and starts reading the next piece while the
 * caller checks this one (Node reads on its thread pool, so on a second core the two overlap);
 * otherwise it is plain `source.read`. Only for visitors that keep none of the bytes they get.
 * `buffer(index, length)` may offer buffer 0 or 1 of at least `length` bytes (undefined: a new
 * array), e.g. in the memory the visitor scans.
 */
export function reusingChunkReader(
  source: ByteSource,
  end = source.size,
  buffer?: (index: number, length: number) => Uint8Array | undefined,
): (offset: number, length: number) => Promise<Uint8Array> {
  const readInto = source.readInto?.bind(source);
  if (!readInto) return (offset, length) => source.read(offset, length);
  const buffers: Uint8Array[] = [];
  let turn = 0;
  let ahead: PieceRead | undefined;
  const begin = (offset: number, length: number): PieceRead => {
    const index = turn++ & 1;
    if ((buffers[index]?.length ?? -1) < length) buffers[index] = buffer?.(index, length) ?? new Uint8Array(length);
    const bytes = (buffers[index] as Uint8Array).subarray(0, length);
    const filled = readInto(offset, bytes);
    filled.catch(() => undefined); // a failed read-ahead nobody asks for must not crash the process
    return { offset, length, bytes, filled };
  };
  return async (offset, length) => {
    let current = ahead;
    ahead = undefined;
    if (!current || current.offset !== offset || current.length !== length) {
      if (current) await current.filled.catch(() => 0); // never two reads into one buffer
      current = begin(offset, length);
    }
    const filled = await current.filled;
    const next = offset + length;
    if (filled === length && next < end) ahead = begin(next, Math.min(length, end - next));
    return current.bytes.subarray(0, filled);
  };
}

export const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MAX_KEYFRAME_PROBLEMS = 100;
