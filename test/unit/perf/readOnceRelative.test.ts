/**
 * `ewzanim check .` (the folder given relative to where it runs, as most users type it) reads
 * each file once, like `check FOLDER` with an absolute path: the walk's paths (`./anim/walk…`)
 * and the paths the manifest resolves (`anim/walk…`) name the same files, so the manifest takes
 * the walk's facts and the report lists each file once. The report is the absolute path's, each
 * file's path printed as the walk met it (the folder as typed, then the names below it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCommand } from '../../../cli/checkCommand';
import type { CliIo } from '../../../cli/io';
import type { FileAccess } from '../../../formats/fileAccess';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree } from '../cli/cliHarness';
import { countingAccess } from './countingAccess';
import { plantedPack } from './plantedPack';

/** `check --format FORMAT folder` run with `cwd` as the working folder: exit status, stdout, stderr. */
async function checkIn(cwd: string, folder: string, format: 'text' | 'json', access: FileAccess): Promise<{ status: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { access, out: (t) => void (out += t), err: (t) => void (err += t) };
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const status = await checkCommand(io, [folder], format, 100, cwd);
    return { status, out, err };
  } finally {
    process.chdir(before);
  }
}

for (const folder of ['.', './', 'anim/../']) {
  test(`check ${folder} from inside the pack: each file read once, the absolute path's report with the files under '${folder}'`, async () => {
    const tree = tempTree(plantedPack());
    try {
      const files = Object.keys(plantedPack()).length;
      for (const format of ['text', 'json'] as const) {
        const { access, reads } = countingAccess(nodeFileAccess);
        const relative = await checkIn(tree.root, folder, format, access);
        assert.deepEqual([...reads.entries()].filter(([, n]) => n !== 1), [], 'every file read exactly once');
        assert.equal(reads.size, files);
        const absolute = await checkIn(tree.root, tree.root, format, countingAccess(nodeFileAccess).access);
        const prefix = folder === '.' ? './' : folder;
        const asTyped = (text: string): string => text.split(`${tree.root}/`).join(prefix);
        assert.equal(relative.status, 1, 'the NaN clip is an error');
        assert.equal(relative.status, absolute.status);
        assert.equal(relative.out, asTyped(absolute.out));
        assert.equal(relative.err, absolute.err);
        if (format === 'text') assert.match(relative.err, new RegExp(`^${files} files checked: `));
        else assert.equal(JSON.parse(relative.out).summary.files, files);
      }
    } finally {
      tree.dispose();
    }
  });
}
