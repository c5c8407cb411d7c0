/**
 * Where the clip diff's worst case spends its time: the WebAssembly kernel
 * (formats/wasm/diffKernel.wat) with parts of its per-frame step switched off, each variant
 * assembled from the committed WAT with one edit and run through `diffClips` on the bench's worst
 * case (A's records against the same records shifted by one, so every record differs), in memory,
 * 255 bones x 8,192 frames. Each variant runs in its own process (the loader keeps its compiled
 * module), the variants interleaved, `rounds` times; prints CPU nanoseconds a record pair, least
 * of each process's repetitions, min and max over the rounds, with the load average. A switched-off
 * part leaves wrong totals: these are timings, not results.
 *
 *   node --import tsx bench/diffKernelParts.ts [rounds]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CLIP_HEADER_SIZE, clipByteLength } from '../formats/clip';
import { diffClips, isDiffFailure } from '../formats/diff';
import { memoryByteSource } from '../formats/fileAccess';
// @ts-expect-error: a plain ES module script without type declarations.
import { assembleWat } from '../scripts/build-wasm.mjs';
import { keyframeRecords } from './clipData';
import { shiftedRecords } from './diff.bench';

const BONES = 255;
const FRAMES = 8192;
const REPETITIONS = 6;
const WAT_PATH = join(__dirname, '..', 'formats', 'wasm', 'diffKernel.wat');

/** An edit of the kernel's text. */
type Edit = (wat: string) => string;

/** `find`, which must occur once, becomes `replace`. */
function once(find: string, replace: string): Edit {
  return (wat) => {
    const parts = wat.split(find);
    if (parts.length !== 2) throw new Error(`diffKernel.wat changed: "${find.slice(0, 60)}" occurs ${parts.length - 1} times, not once`);
    return parts.join(replace);
  };
}

const ANGLES_OFF = once('(br_if $anglesDone (i32.eqz (local.get $n)))', '(br $anglesDone)');
const TOTALS_OFF = once('(br_if $totalsDone (i32.eqz (local.get $n)))', '(br $totalsDone)');
/** No group's records compared past the 16-byte test: every group skipped as if equal. */
const COMPARE_ONLY = once('(br_if $next (i32.eqz (v128.any_true', '(br_if $next (i32.ge_u (i32.const 1) (v128.any_true');
/** A group stops after its word lanes and rotation decode (nothing listed). */
const STOP_BEFORE_HALVES = once('(call $halves (i32.const 32) (i32.const 12))', '(br $next)');
/** A group stops after every decode, before its measures (nothing listed). */
const STOP_BEFORE_MEASURES = once('(local.set $h (i32.const 0))\n          (loop $pairs', '(br $next)\n          (loop $pairs');
/**
 * In the compare function (not $acos, which the loader checks against Math.acos), every f64
 * divide a min and every square root an abs: the same flow without the divider.
 */
const DIVIDER_OFF: Edit = (wat) => {
  const at = wat.indexOf('(func (export "compare")');
  if (at < 0) throw new Error('diffKernel.wat changed: no compare function');
  const compare = wat.slice(at).replaceAll('f64x2.div', 'f64x2.min').replaceAll('f64.div', 'f64.min')
    .replaceAll('f64x2.sqrt', 'f64x2.abs').replaceAll('(f64.sqrt', '(f64.abs');
  return wat.slice(0, at) + compare;
};

/** The variants, each the committed kernel with its edits. */
const VARIANTS: Record<string, Edit[]> = {
  'whole kernel': [],
  'divides and square roots off': [DIVIDER_OFF],
  'angles off (step 2)': [ANGLES_OFF],
  'totals off (step 3)': [TOTALS_OFF],
  'step 1 only (decode, measure, list)': [ANGLES_OFF, TOTALS_OFF],
  'step 1 up to the decoded halves': [ANGLES_OFF, TOTALS_OFF, STOP_BEFORE_MEASURES],
  'step 1 up to the rotation decode': [ANGLES_OFF, TOTALS_OFF, STOP_BEFORE_HALVES],
  'compare only (nothing decoded)': [ANGLES_OFF, TOTALS_OFF, COMPARE_ONLY],
};

function edited(wat: string, edits: Edit[]): string {
  return edits.reduce((text, edit) => edit(text), wat);
}

/** Both sides of the worst case, in memory. */
function worstCaseClips(): { a: Uint8Array; b: Uint8Array } {
  const size = clipByteLength(BONES, FRAMES);
  const header = new Uint8Array([BONES, 0, FRAMES & 0xff, FRAMES >>> 8]);
  const a = new Uint8Array(size);
  a.set(header);
  a.set(keyframeRecords((size - CLIP_HEADER_SIZE) / 16), CLIP_HEADER_SIZE);
  const b = new Uint8Array(size);
  b.set(header);
  const tile = shiftedRecords();
  for (let at = CLIP_HEADER_SIZE; at < size; at += tile.length) b.set(tile.subarray(0, Math.min(tile.length, size - at)), at);
  return { a, b };
}

/** In a child: times one variant; prints its least CPU nanoseconds a record pair. */
async function timeVariant(name: string): Promise<void> {
  const edits = VARIANTS[name];
  if (!edits) throw new Error(`no variant "${name}"`);
  const bytes = (await assembleWat('diffKernel.wat', edited(readFileSync(WAT_PATH, 'utf8'), edits))) as Uint8Array<ArrayBuffer>;
  class VariantModule extends WebAssembly.Module {
    constructor() {
      super(bytes);
    }
  }
  const webAssembly = Object.assign(Object.create(WebAssembly) as typeof WebAssembly, { Module: VariantModule });
  const { a, b } = worstCaseClips();
  let best = Infinity;
  for (let r = 0; r < REPETITIONS; r++) {
    const start = process.cpuUsage();
    const result = await diffClips(memoryByteSource(a), memoryByteSource(b), { webAssembly });
    const used = process.cpuUsage(start);
    if (isDiffFailure(result) || result.changedKeyframes === 0 && edits.length === 0) throw new Error('the worst case did not compare');
    best = Math.min(best, ((used.user + used.system) * 1000) / (BONES * FRAMES));
  }
  console.log(JSON.stringify(best));
}

function main(): void {
  const rounds = Number(process.argv[2] ?? 3);
  const times = new Map<string, number[]>(Object.keys(VARIANTS).map((name) => [name, []]));
  const loadBefore = loadavg()[0];
  for (let round = 0; round < rounds; round++) {
    for (const name of Object.keys(VARIANTS)) {
      const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--variant', name], { encoding: 'utf8' });
      times.get(name)!.push(JSON.parse(out.trim().split('\n').pop()!) as number);
    }
  }
  console.log(`CPU ns a record pair, ${BONES} x ${FRAMES} every record different, least of ${REPETITIONS} a process, min-max of ${rounds} rounds; load average ${loadBefore.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`);
  for (const [name, values] of times) console.log(`${name.padEnd(40)} ${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`);
}

const variant = process.argv.indexOf('--variant');
if (variant > 0) {
  timeVariant(process.argv[variant + 1]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main();
}
