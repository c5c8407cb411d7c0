/**
 * How FBX2glTF is run, held with a stand-in converter (a shell script that records its arguments
 * and writes a .glb), so the contract holds on every machine, also where the real binary cannot
 * run: `--binary --anim-framerate bake<fps>` at the export's rate (24, 30, 60; another rate bakes
 * at 60 and says so), input and output in a private temporary folder with the FBX SDK's own
 * temporary files, removed afterwards whatever happens; the converter's warnings passed on;
 * a failure names its exit status and the end of its output.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { convertFbx, FbxConversionError } from '../../../node/fbx/convert';

const POSIX_ONLY = process.platform === 'win32' && 'the stand-in converter is a shell script';

/** A stand-in FBX2glTF: records its arguments and its output folder's mode, prints `output`, writes `<output>.glb` unless told not to, exits `status`. */
function standIn(folder: string, behaviour: { output?: string; status?: number; writesGlb?: boolean }): string {
  const tool = join(folder, 'FBX2glTF');
  const glb = behaviour.writesGlb === false ? '' : 'printf glTF > "$out.glb"';
  writeFileSync(join(folder, 'output'), behaviour.output ?? '');
  writeFileSync(
    tool,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(folder, 'args')}"\nout=""\nwhile [ $# -gt 0 ]; do [ "$1" = "--output" ] && out="$2"; shift; done\n` +
      `ls -ld "$(dirname "$out")" | cut -c1-10 > "${join(folder, 'mode')}"\n${glb}\ncat "${join(folder, 'output')}"\nexit ${behaviour.status ?? 0}\n`,
  );
  chmodSync(tool, 0o755);
  return tool;
}

/** Runs `body` with os.tmpdir() pointing at a fresh folder; returns what is left in it afterwards. */
async function inPrivateTmp<T>(body: (tmp: string) => Promise<T>): Promise<{ result?: T; error?: unknown; left: string[]; tmp: string }> {
  const tmp = mkdtempSync(join(tmpdir(), 'ewzanim-fbx-tmp-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    const result = await body(tmp);
    return { result, left: readdirSync(tmp), tmp };
  } catch (error) {
    return { error, left: readdirSync(tmp), tmp };
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

const RATES: [number, string, string[]][] = [
  [24, 'bake24', []],
  [30, 'bake30', []],
  [60, 'bake60', []],
  [20, 'bake60', ['FBX2glTF bakes animations at 24, 30 or 60 fps only: baked at 60 fps, then sampled at 20 fps']],
];

for (const [frameRate, bake, notes] of RATES) {
  test(`an export at ${frameRate} fps runs FBX2glTF with --anim-framerate ${bake} in a private folder that is gone afterwards`, { skip: POSIX_ONLY }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'ewzanim-fbx-convert-'));
    try {
      const tool = standIn(work, {});
      const run = await inPrivateTmp((tmp) => convertFbx(tool, join(work, 'Walking.fbx'), frameRate).then((conversion) => ({ conversion, tmp })));
      assert.equal(run.error, undefined);
      const { conversion, tmp } = run.result!;
      assert.deepEqual(run.left, [], 'the temporary folder is removed');
      assert.deepEqual([...conversion.glb], [...new TextEncoder().encode('glTF')]);
      assert.equal(conversion.bakedAt, Number(bake.slice(4)));
      assert.deepEqual(conversion.warnings, notes);
      const args = readFileSync(join(work, 'args'), 'utf8').trim().split('\n');
      const folder = args[args.indexOf('--output') + 1].replace(/\/model$/, '');
      assert.ok(folder.startsWith(join(tmp, 'ewzanim-fbx-')), `the output is in a folder of its own under the temporary folder: ${folder}`);
      assert.deepEqual(args, ['--binary', '--anim-framerate', bake, '--fbx-temp-dir', join(folder, 'sdk'), '--input', join(work, 'Walking.fbx'), '--output', join(folder, 'model')]);
      assert.equal(readFileSync(join(work, 'mode'), 'utf8').trim(), 'drwx------', 'only the user can read the folder');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}

test('FBX2glTF\'s warnings come back one a line, its other output does not', { skip: POSIX_ONLY }, async () => {
  const work = mkdtempSync(join(tmpdir(), 'ewzanim-fbx-convert-'));
  try {
    const output = "Warning: node /RootNode/mixamorig:Hips uses unsupported transform inheritance type 'eInheritRrSs'.\n         (Further warnings of this type squelched.)\nAnimation mixamo.com: [0 - 30]\nWrote 3505 bytes of binary glTF.";
    const tool = standIn(work, { output });
    const conversion = await convertFbx(tool, join(work, 'Walking.fbx'), 30);
    assert.deepEqual(conversion.warnings, ["node /RootNode/mixamorig:Hips uses unsupported transform inheritance type 'eInheritRrSs'. (Further warnings of this type squelched.)"]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

const FAILURES: { name: string; behaviour: { output?: string; status?: number; writesGlb?: boolean }; message: string }[] = [
  { name: 'a non-zero exit status', behaviour: { output: 'Loading FBX File: x\nERROR:: Failed to load FBX file', status: 1 }, message: 'FBX2glTF could not convert it (exit status 1): Loading FBX File: x | ERROR:: Failed to load FBX file' },
  { name: 'no .glb written', behaviour: { output: 'nothing to convert', writesGlb: false }, message: 'FBX2glTF wrote no .glb: nothing to convert' },
];

for (const { name, behaviour, message } of FAILURES) {
  test(`a conversion that fails (${name}) says so with the end of FBX2glTF's output, and leaves no temporary folder`, { skip: POSIX_ONLY }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'ewzanim-fbx-convert-'));
    try {
      const tool = standIn(work, behaviour);
      const run = await inPrivateTmp(() => convertFbx(tool, join(work, 'Walking.fbx'), 30));
      assert.ok(run.error instanceof FbxConversionError, String(run.error));
      assert.equal(run.error.reason, 'conversion-failed');
      assert.equal(run.error.message, message);
      assert.deepEqual(run.left, []);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}
