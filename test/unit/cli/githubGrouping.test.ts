/**
 * `check --format github` groups repeated codes: GitHub shows at most 10 annotations of a level
 * per step, so of one code in one file the first few are annotated one by one and the rest as
 * one summary with the count; codes and files are counted apart. SARIF and JSON keep every
 * problem.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCommand } from '../../../cli/checkCommand';
import { ANNOTATIONS_PER_CODE } from '../../../cli/report/github';
import type { CheckFormat } from '../../../cli/args';
import { nodeFileAccess } from '../../../node/fileAccess';
import { IDENTITY_RECORD, tempTree, uniformClip } from './cliHarness';

/** A rotation word of 0: the three stored components square-sum above 1 (anim/non-unit-rotation). */
const NON_UNIT_RECORD = [0, 0, 0, 0, ...IDENTITY_RECORD.slice(4)];

/** 255 bones x 1 frame, every rotation non-unit; the scale x of the first `zeroScales` records 0. */
function brokenClip(zeroScales: number): Uint8Array {
  const bytes = uniformClip(255, 1, NON_UNIT_RECORD);
  for (let r = 0; r < zeroScales; r++) bytes.set([0, 0], 4 + r * 16 + 10);
  return bytes;
}

async function check(root: string, format: CheckFormat): Promise<{ status: number; stdout: string }> {
  let stdout = '';
  const io = { access: nodeFileAccess, out: (t: string) => void (stdout += t), err: () => undefined };
  const status = await checkCommand(io, [root], format, 1000, root);
  return { status, stdout };
}

function withTree(run: (root: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const tree = tempTree({ 'a/wave.nczxanim': brokenClip(5), 'b/wave.nczxanim': brokenClip(0) });
    try {
      await run(tree.root);
    } finally {
      tree.dispose();
    }
  };
}

test('GitHub: the first three of a code in a file one by one, then one summary with the count, per code and per file', withTree(async (root) => {
  assert.equal(ANNOTATIONS_PER_CODE, 3);
  const run = await check(root, 'github');
  assert.equal(run.status, 0);
  const lines = run.stdout.trimEnd().split('\n');
  const heads = lines.map((l) => l.slice(0, l.indexOf('::', 2)));
  assert.deepEqual(heads, [
    // Record 0 has both problems, so the codes interleave; each summary sits at its code's fourth problem.
    '::warning file=a/wave.nczxanim,line=1,title=anim/non-unit-rotation',
    '::warning file=a/wave.nczxanim,line=1,title=anim/zero-scale',
    '::warning file=a/wave.nczxanim,line=1,title=anim/non-unit-rotation',
    '::warning file=a/wave.nczxanim,line=1,title=anim/zero-scale',
    '::warning file=a/wave.nczxanim,line=1,title=anim/non-unit-rotation',
    '::warning file=a/wave.nczxanim,line=1,title=anim/zero-scale',
    '::warning file=a/wave.nczxanim,line=1,title=anim/non-unit-rotation (252 more)',
    '::warning file=a/wave.nczxanim,line=1,title=anim/zero-scale (2 more)',
    '::warning file=b/wave.nczxanim,line=1,title=anim/non-unit-rotation',
    '::warning file=b/wave.nczxanim,line=1,title=anim/non-unit-rotation',
    '::warning file=b/wave.nczxanim,line=1,title=anim/non-unit-rotation',
    '::warning file=b/wave.nczxanim,line=1,title=anim/non-unit-rotation (252 more)',
  ]);
  const summary = lines[6].slice(lines[6].indexOf('::', 2) + 2);
  // The fourth record (bone 3) starts at byte 4 + 3 x 16 = 52 = 0x34; its rotation is 4 bytes.
  assert.match(summary, /^252 more anim\/non-unit-rotation in this file \(3 shown above\), the first: .*\(bytes 0x34-0x37\)\. Every one is in `ewzanim check --format sarif` or `--json`\.$/);
  assert.match(lines[7], /::2 more anim\/zero-scale in this file/);
}));

test('SARIF and JSON keep every problem the GitHub annotations sum up', withTree(async (root) => {
  const sarif = JSON.parse((await check(root, 'sarif')).stdout) as { runs: { results: { ruleId: string }[] }[] };
  const count = (code: string): number => sarif.runs[0].results.filter((r) => r.ruleId === code).length;
  assert.equal(count('anim/non-unit-rotation'), 510);
  assert.equal(count('anim/zero-scale'), 5);
  const json = JSON.parse((await check(root, 'json')).stdout) as { files: { path: string; diagnostics: { code: string }[] }[] };
  assert.deepEqual(
    json.files.map((f) => [f.path.slice(root.length + 1), f.diagnostics.length]),
    [['a/wave.nczxanim', 260], ['b/wave.nczxanim', 255]],
  );
}));

test('GitHub: a code with exactly three problems in a file gets no summary', async () => {
  const bytes = uniformClip(3, 1, NON_UNIT_RECORD);
  const tree = tempTree({ 'three.nczxanim': bytes });
  try {
    const lines = (await check(tree.root, 'github')).stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    for (const line of lines) assert.match(line, /title=anim\/non-unit-rotation::/);
  } finally {
    tree.dispose();
  }
});
