import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { IDENTITY_RECORD, UPSTREAM, runCli, tempTree, uniformClip } from './cliHarness';
import { namesTomlFile } from '../../../cli/checkPath';
import { nodeFileAccess } from '../../../node/fileAccess';
import type { FileAccess } from '../../../formats/fileAccess';

/** A clip whose second record has a NaN position x (f16 0x7E00): one error. */
function clipWithNaN(): Uint8Array {
  const bytes = uniformClip(1, 2, IDENTITY_RECORD);
  bytes[4 + 16 + 4] = 0x00;
  bytes[4 + 16 + 5] = 0x7e;
  return bytes;
}

const EXIT_CASES: { name: string; files?: Record<string, Uint8Array | string>; args: (root: string) => string[]; status: number }[] = [
  { name: 'clean upstream files', args: () => ['check', UPSTREAM], status: 0 },
  { name: 'a warning only (trailing bytes)', files: { 'a.nczxanim': new Uint8Array([...uniformClip(1, 1, IDENTITY_RECORD), 0]) }, args: (r) => ['check', r], status: 0 },
  { name: 'an error (NaN position)', files: { 'a.nczxanim': clipWithNaN() }, args: (r) => ['check', join(r, 'a.nczxanim')], status: 1 },
  { name: 'an error among clean files', files: { 'ok.nczxskel': new Uint8Array(8), 'bad.nczx': 'ELF!' }, args: (r) => ['check', r, UPSTREAM], status: 1 },
  { name: 'a missing path', args: () => ['check', 'no/such/file.nczxanim'], status: 2 },
  { name: 'a missing path beside an error', files: { 'a.nczxanim': clipWithNaN() }, args: (r) => ['check', r, 'missing-folder'], status: 2 },
  { name: 'an unsupported file', files: { 'notes.txt': 'hello' }, args: (r) => ['check', join(r, 'notes.txt')], status: 2 },
  { name: 'no path at all', args: () => ['check'], status: 2 },
  { name: 'an unknown option', args: () => ['check', '--fast', UPSTREAM], status: 2 },
  { name: 'an option of another command', args: () => ['check', '--frames', '0:1', UPSTREAM], status: 2 },
  { name: 'an unknown command', args: () => ['lint', UPSTREAM], status: 2 },
  { name: 'a bad --max-problems', args: () => ['check', '--max-problems', '-3', UPSTREAM], status: 2 },
];

for (const c of EXIT_CASES) {
  test(`check exit status: ${c.name} -> ${c.status}`, async () => {
    const tree = tempTree(c.files ?? {});
    try {
      const run = await runCli(c.args(tree.root));
      assert.equal(run.status, c.status, run.stderr);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    } finally {
      tree.dispose();
    }
  });
}

test('check --json on the real upstream binaries: exactly the shape of issue 2, paths as given', async () => {
  // Binary files only (a folder with a nether.toml would bring the manifest's own diagnostics).
  const run = await runCli(['check', '--json', `${UPSTREAM}/multi-skinned-rom/assets`, `${UPSTREAM}/multi-skinned-rom/multi-skinned-rom.ewz`, `${UPSTREAM}/asset-test/assets/cube.ewzmesh`]);
  assert.equal(run.status, 0);
  const report = JSON.parse(run.stdout) as { files: { path: string; kind: string; diagnostics: unknown[] }[]; summary: Record<string, number> };
  assert.deepEqual(Object.keys(report), ['files', 'summary']);
  assert.deepEqual(report.summary, { files: 8, errors: 0, warnings: 0 });
  assert.deepEqual(
    report.files.map((f) => [f.path, f.kind]),
    [
      [`${UPSTREAM}/multi-skinned-rom/assets/arm1.ewzmesh`, 'mesh'],
      [`${UPSTREAM}/multi-skinned-rom/assets/arm1.ewzskel`, 'skeleton'],
      [`${UPSTREAM}/multi-skinned-rom/assets/arm2.ewzmesh`, 'mesh'],
      [`${UPSTREAM}/multi-skinned-rom/assets/arm2.ewzskel`, 'skeleton'],
      [`${UPSTREAM}/multi-skinned-rom/assets/wave1.ewzanim`, 'clip'],
      [`${UPSTREAM}/multi-skinned-rom/assets/wave2.ewzanim`, 'clip'],
      [`${UPSTREAM}/multi-skinned-rom/multi-skinned-rom.ewz`, 'rom'],
      [`${UPSTREAM}/asset-test/assets/cube.ewzmesh`, 'mesh'],
    ],
  );
  for (const file of report.files) {
    assert.deepEqual(Object.keys(file), ['path', 'kind', 'diagnostics']);
    assert.deepEqual(file.diagnostics, []);
  }
});

test('check --json with diagnostics: code, severity, message, byteRange and nothing else', async () => {
  const truncated = uniformClip(2, 3, IDENTITY_RECORD).subarray(0, 40);
  const tree = tempTree({ 'short.ewzanim': truncated, 'bad.nczx': 'ELF\x7f', 'x.nczxanim': clipWithNaN() });
  try {
    const given = tree.root + '/';
    const run = await runCli(['check', '--json', given]);
    assert.equal(run.status, 1);
    const report = JSON.parse(run.stdout) as {
      files: { path: string; kind: string; diagnostics: { code: string; severity: string; message: string; byteRange: { start: number; end: number } }[] }[];
      summary: { files: number; errors: number; warnings: number };
    };
    assert.deepEqual(report.files.map((f) => f.path), [`${given}bad.nczx`, `${given}short.ewzanim`, `${given}x.nczxanim`]);
    const all = report.files.flatMap((f) => f.diagnostics);
    for (const d of all) {
      assert.deepEqual(Object.keys(d), ['code', 'severity', 'message', 'byteRange']);
      assert.deepEqual(Object.keys(d.byteRange), ['start', 'end']);
      assert.ok(['error', 'warning', 'information', 'hint'].includes(d.severity));
      assert.ok(d.message.length > 20);
    }
    const codes = report.files.map((f) => f.diagnostics.map((d) => [d.code, d.severity, d.byteRange.start, d.byteRange.end]));
    assert.deepEqual(codes, [
      [['rom/bad-magic', 'error', 0, 4]],
      // 2 bones x 3 frames needs 100 bytes; 40 hold 2 complete records = frame 1 is the first incomplete one.
      [['anim/truncated', 'error', 36, 40]],
      [['anim/non-finite', 'error', 24, 26]],
    ]);
    assert.deepEqual(report.summary, { files: 3, errors: 3, warnings: 0 });
  } finally {
    tree.dispose();
  }
});

test('human output: one "file:offset: severity code: message" line per diagnostic, summary on stderr', async () => {
  const tree = tempTree({ 'x.nczxanim': clipWithNaN(), 'y.nczxskel': new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0]) });
  try {
    const run = await runCli(['check', tree.root]);
    assert.equal(run.status, 1);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0], new RegExp(`^${tree.root}/x\\.nczxanim:24: error anim/non-finite: .+`));
    assert.match(lines[1], new RegExp(`^${tree.root}/y\\.nczxskel:8: error skel/truncated: .+`));
    assert.equal(run.stderr, '2 files checked: 2 errors, 0 warnings\n');
  } finally {
    tree.dispose();
  }
});

test('directory walk: every file kind of both eras, nested, skipping node_modules and hidden folders', async () => {
  const clip = uniformClip(1, 1, IDENTITY_RECORD);
  const skeleton = new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, ...new Uint8Array(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]).buffer)]);
  const rom = new Uint8Array([0x4e, 0x43, 0x5a, 0x58, 1, 2, 3]);
  const mesh = new Uint8Array(12 + 8);
  mesh[0] = 1; // one position-only vertex
  const tree = tempTree({
    'a.ewzanim': clip,
    'deep/er/b.nczxanim': clip,
    'c.ewzskel': skeleton,
    'deep/d.nczxskel': skeleton,
    'm/e.ewzmesh': mesh,
    'm/f.nczxmesh': mesh,
    'm/g.nczmesh': mesh,
    'r/h.ewz': new Uint8Array([0x45, 0x57, 0x5a, 0, 9]),
    'r/i.ewzx': new Uint8Array([0x45, 0x57, 0x5a, 0x58]),
    'r/j.nczx': rom,
    'readme.md': 'not checked',
    'node_modules/pkg/k.nczxanim': 'not checked',
    '.git/l.nczxanim': 'not checked',
  });
  try {
    const run = await runCli(['check', '--json', tree.root]);
    assert.equal(run.status, 0, run.stdout);
    const report = JSON.parse(run.stdout) as { files: { path: string; kind: string; diagnostics: unknown[] }[] };
    assert.deepEqual(
      report.files.map((f) => [f.path.slice(tree.root.length + 1), f.kind, f.diagnostics.length]),
      [
        ['a.ewzanim', 'clip', 0],
        ['c.ewzskel', 'skeleton', 0],
        ['deep/d.nczxskel', 'skeleton', 0],
        ['deep/er/b.nczxanim', 'clip', 0],
        ['m/e.ewzmesh', 'mesh', 0],
        ['m/f.nczxmesh', 'mesh', 0],
        ['m/g.nczmesh', 'mesh', 0],
        ['r/h.ewz', 'rom', 0],
        ['r/i.ewzx', 'rom', 0],
        ['r/j.nczx', 'rom', 0],
      ],
    );
  } finally {
    tree.dispose();
  }
});

test('unreadable paths: reported on stderr in one line each, exit 2, other paths still checked', async () => {
  const tree = tempTree({ 'x.nczxanim': clipWithNaN() });
  try {
    const run = await runCli(['check', join(tree.root, 'gone.nczxanim'), tree.root, join(tree.root, 'x.nczxanim', 'inside')]);
    assert.equal(run.status, 2);
    assert.match(run.stdout, /x\.nczxanim:24: error anim\/non-finite/);
    const errors = run.stderr.split('\n').filter((l) => l.startsWith('ewzanim:'));
    assert.deepEqual(errors, [
      `ewzanim: ${tree.root}/gone.nczxanim: no such file or folder`,
      `ewzanim: ${tree.root}/x.nczxanim/inside: no such file or folder`,
    ]);
  } finally {
    tree.dispose();
  }
});

test('a file that fails to read is exit 2 with the reason, never a stack trace', async () => {
  const failing: FileAccess = {
    ...nodeFileAccess,
    read: async () => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    },
  };
  const run = await runCli(['check', `${UPSTREAM}/multi-skinned-rom/assets/wave1.ewzanim`], failing);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^ewzanim: test\/fixtures\/upstream\/multi-skinned-rom\/assets\/wave1\.ewzanim: .*EIO: i\/o error/m);
  assert.doesNotMatch(run.stderr, /\n\s+at /);
  assert.equal(run.stdout, '');
});

test('--max-problems caps per-keyframe diagnostics and adds one summary with the total', async () => {
  const bytes = uniformClip(1, 50, IDENTITY_RECORD);
  for (let r = 0; r < 50; r++) bytes[4 + r * 16 + 5] = 0x7c; // position x = +infinity in every record
  const tree = tempTree({ 'inf.nczxanim': bytes });
  try {
    for (const [max, expected] of [[3, 4], [50, 50], [0, 1]] as const) {
      const run = await runCli(['check', '--json', '--max-problems', String(max), tree.root]);
      const diagnostics = (JSON.parse(run.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] }).files[0].diagnostics;
      assert.equal(diagnostics.length, expected, `max ${max}`);
      if (max < 50) assert.match(diagnostics[diagnostics.length - 1].message, /50 keyframe problems in total/);
    }
  } finally {
    tree.dispose();
  }
});

test('a 16 MB clip is read in pieces of at most 4 MiB, each byte once (plus the 16-byte header)', async () => {
  const bytes = uniformClip(255, 4096, IDENTITY_RECORD);
  const tree = tempTree({ 'big.nczxanim': bytes });
  try {
    const reads: number[] = [];
    const counting: FileAccess = {
      ...nodeFileAccess,
      read: async (path, offset, length) => {
        const piece = await nodeFileAccess.read(path, offset, length);
        reads.push(piece.length);
        return piece;
      },
      readInto: async (path, offset, target) => {
        const filled = await nodeFileAccess.readInto!(path, offset, target);
        reads.push(filled);
        return filled;
      },
    };
    const run = await runCli(['check', join(tree.root, 'big.nczxanim')], counting);
    assert.equal(run.status, 0, run.stdout);
    assert.equal(bytes.length, 16_711_684);
    assert.ok(Math.max(...reads) <= 4 * 1024 * 1024, `largest read ${Math.max(...reads)}`);
    assert.equal(reads.reduce((a, b) => a + b, 0), 16 + (bytes.length - 4));
  } finally {
    tree.dispose();
  }
});

test('a .toml named on the command line is checked as a manifest whatever its name; the folder walk keeps the exact names', async () => {
  const manifest = (title: string): string =>
    `[game]\nid = "g"\ntitle = "${title}"\nauthor = "a"\nversion = "1"\n\n[[assets.animations]]\nid = "walk"\npath = "walk.nczxanim"\nskeleton = "none"\n`;
  const tree = tempTree({
    'nether.toml': manifest('main'),
    'nether.dev.toml': manifest('dev'),
    'game/nether.toml.bak': manifest('backup'),
    'game/walk.nczxanim': clipWithNaN(),
    'walk.nczxanim': clipWithNaN(),
  });
  try {
    const explicit = await runCli(['check', '--json', join(tree.root, 'nether.dev.toml'), join(tree.root, 'game', 'nether.toml.bak')]);
    assert.equal(explicit.status, 1, explicit.stderr);
    const files = (JSON.parse(explicit.stdout) as { files: { path: string; kind: string; diagnostics: { code: string }[] }[] }).files;
    assert.deepEqual(
      files.map((f) => [f.path.slice(tree.root.length + 1), f.kind, f.diagnostics.map((d) => d.code)]),
      [
        ['nether.dev.toml', 'manifest', ['manifest/asset-invalid', 'manifest/unknown-link']],
        ['walk.nczxanim', 'clip', ['anim/non-finite']],
        ['game/nether.toml.bak', 'manifest', ['manifest/asset-invalid', 'manifest/unknown-link']],
        ['game/walk.nczxanim', 'clip', ['anim/non-finite']],
      ],
    );
    const walked = await runCli(['check', '--json', tree.root]);
    const walkedPaths = (JSON.parse(walked.stdout) as { files: { path: string }[] }).files.map((f) => f.path.slice(tree.root.length + 1));
    assert.deepEqual(walkedPaths, ['game/walk.nczxanim', 'nether.toml', 'walk.nczxanim']);
  } finally {
    tree.dispose();
  }
});

const TOML_NAMES: [string, boolean][] = [
  ['nether.dev.toml', true],
  ['game/nether.toml.bak', true],
  ['C:\\game\\Ember.TOML', true],
  ['pack.toml.orig', true],
  ['notes.txt', false],
  ['tomlish.txt', false],
  ['game.tomlx', false],
  ['toml/walk.nczxanim', false],
];

for (const [path, expected] of TOML_NAMES) {
  test(`namesTomlFile(${JSON.stringify(path)}) = ${expected}`, () => assert.equal(namesTomlFile(path), expected));
}

test('check --exclude: a repeatable glob skips more of a folder, like the exclude setting', async () => {
  const clip = uniformClip(1, 1, IDENTITY_RECORD);
  const tree = tempTree({ 'a/walk.nczxanim': clip, 'out/walk.nczxanim': clip, 'gen/x/run.nczxanim': clip });
  try {
    const count = async (...args: string[]): Promise<string> => (await runCli(['check', ...args, tree.root])).stderr.trim();
    assert.equal(await count(), '3 files checked: 0 errors, 0 warnings');
    assert.equal(await count('--exclude', 'out/**'), '2 files checked: 0 errors, 0 warnings');
    assert.equal(await count('--exclude', 'out/**', '--exclude', '**/x/**'), '1 file checked: 0 errors, 0 warnings');
  } finally {
    tree.dispose();
  }
});
