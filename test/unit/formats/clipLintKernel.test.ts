import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { lintClipRecords, memoryByteSource, parseClipHeader, type FormatDiagnostic } from '../../../formats/index';
import { clipKernels } from '../../../formats/wasm/clipKernels';
import { UPSTREAM_CLIPS, upstreamFile } from '../../gpu/clipFixtures';
import { expectedLintProblems, sparseProblemClip } from './clipKernelInputs';

/** Lints every record of `bytes` (no cap) and lists the problems as "record code field". */
async function lintProblems(bytes: Uint8Array, chunkBytes?: number): Promise<string[]> {
  const header = parseClipHeader(bytes)!;
  const diagnostics: FormatDiagnostic[] = await lintClipRecords(memoryByteSource(bytes), header, { maxKeyframeProblems: 1e9, chunkBytes });
  return diagnostics.map((d) => {
    const data = d.data as { frame: number; bone: number; field: string };
    return `${data.frame * header.boneCount + data.bone} ${d.code} ${data.field}`;
  });
}

/** Record indices at the edges of groups of four and of the kernel's 32,768-record blocks. */
const EDGES = [0, 1, 3, 4, 5, 4091, 4095, 4096, 4097, 8191, 8192, 9002, 32763, 32767, 32768, 32769, 65535, 65536, 66002];

test('the lint runs the WebAssembly kernel under Node', () => {
  assert.ok(clipKernels());
});

test('WebAssembly lint finds exactly the problems the rules name (sparse problems, group and block edges)', async () => {
  const bytes = sparseProblemClip(3, 22001, 11, EDGES); // 66,003 records: not a whole number of groups or blocks
  const expected = expectedLintProblems(bytes, 66003);
  assert.ok(expected.length > 30, `${expected.length} problems`);
  assert.deepEqual(await lintProblems(bytes), expected);
  // Chunks that are not multiples of 4 records move the group edges.
  assert.deepEqual(await lintProblems(bytes, 16 * 4099), expected);
  assert.deepEqual(await lintProblems(bytes, 16 * 3), expected);
});

test('WebAssembly lint: no problems on the upstream clips, a record of each problem alone is found', async () => {
  for (const path of UPSTREAM_CLIPS) assert.deepEqual(await lintProblems(upstreamFile(path)), [], path);
  for (let seed = 1; seed <= 20; seed++) {
    const bytes = sparseProblemClip(1, 7, 100 + seed, [seed % 7]);
    assert.deepEqual(await lintProblems(bytes), expectedLintProblems(bytes, 7), `seed ${seed}`);
  }
});

test('fallback: the TypeScript lint under --jitless reports the same problems as the WebAssembly lint', async () => {
  // The probe builds the same 9,003-record clip (edges below 9,003).
  const bytes = sparseProblemClip(3, 3001, 11, EDGES.filter((record) => record < 9003));
  const script = join(__dirname, 'clipKernelsFallbackProbe.ts');
  const stdout = execFileSync(process.execPath, ['--jitless', '--no-warnings', '--import', 'tsx', script, 'lint'], { encoding: 'utf8' });
  const probe = JSON.parse(stdout.trim().split('\n').pop() ?? '') as { kernels: boolean; problems: string[] };
  assert.equal(probe.kernels, false);
  assert.deepEqual(probe.problems, await lintProblems(bytes));
});
