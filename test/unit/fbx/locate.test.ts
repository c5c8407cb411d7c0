/**
 * Where FBX2glTF is found, and what the user is told when it cannot run: the one lookup the CLI
 * (`--fbx2gltf`) and the VS Code command (`ewzanim.fbx2gltf.path`) share. The configured path
 * wins and nothing else is searched; else FBX2glTF on PATH; else the npm package's binary in a
 * node_modules at or above the given folders. Missing: the install command (with the chmod the
 * npm tarball needs on Linux and macOS); present without its executable bit: the chmod.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { installHint, locateFbx2gltf, type LocateOptions } from '../../../node/fbx/locate';

/** A temp folder with `files` (path -> executable?); `dispose` removes it. */
function folderWith(files: Record<string, boolean>): { root: string; dispose: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'ewzanim-fbx-locate-'));
  for (const [relative, executable] of Object.entries(files)) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '#!/bin/sh\n');
    chmodSync(path, executable ? 0o755 : 0o644);
  }
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

const NOT_FOUND = 'FBX2glTF, which converts .fbx files to glTF, was not found: ';

interface Case {
  name: string;
  files: Record<string, boolean>;
  options: (root: string) => Omit<LocateOptions, 'platform'>;
  /** `found` relative to the folder, or the problem's text with ROOT for the folder. */
  expected: { found: string } | { problem: string };
}

const CASES: Case[] = [
  {
    name: 'nothing anywhere (empty PATH, no setting, no node_modules): the install command',
    files: {},
    options: (root) => ({ searchPath: '', searchFrom: [join(root, 'models')] }),
    expected: { problem: NOT_FOUND + installHint('linux') },
  },
  {
    name: 'on PATH',
    files: { 'bin/FBX2glTF': true, 'models/node_modules/fbx2gltf/bin/Linux/FBX2glTF': true },
    options: (root) => ({ searchPath: join(root, 'bin'), searchFrom: [join(root, 'models')] }),
    expected: { found: 'bin/FBX2glTF' },
  },
  {
    name: 'on PATH but not executable: passed over, as a shell would',
    files: { 'bin/FBX2glTF': false },
    options: (root) => ({ searchPath: join(root, 'bin'), searchFrom: [] }),
    expected: { problem: NOT_FOUND + installHint('linux') },
  },
  {
    name: 'the npm package in a node_modules above the model\'s folder',
    files: { 'node_modules/fbx2gltf/bin/Linux/FBX2glTF': true },
    options: (root) => ({ searchPath: '', searchFrom: [join(root, 'models', 'hero')] }),
    expected: { found: 'node_modules/fbx2gltf/bin/Linux/FBX2glTF' },
  },
  {
    name: 'the npm package as its tarball installs it, without the executable bit: the chmod',
    files: { 'node_modules/fbx2gltf/bin/Linux/FBX2glTF': false },
    options: (root) => ({ searchPath: '', searchFrom: [join(root, 'models')] }),
    expected: { problem: 'FBX2glTF at ROOT/node_modules/fbx2gltf/bin/Linux/FBX2glTF is not executable: run `chmod +x ROOT/node_modules/fbx2gltf/bin/Linux/FBX2glTF` (the npm package fbx2gltf ships its binary without the executable bit)' },
  },
  {
    name: 'the configured path wins over PATH',
    files: { 'tools/FBX2glTF': true, 'bin/FBX2glTF': true },
    options: (root) => ({ configuredPath: join(root, 'tools/FBX2glTF'), searchPath: join(root, 'bin'), searchFrom: [] }),
    expected: { found: 'tools/FBX2glTF' },
  },
  {
    name: 'a configured path that is no file names the setting, and nothing else is searched',
    files: { 'bin/FBX2glTF': true },
    options: (root) => ({ configuredPath: join(root, 'nowhere/FBX2glTF'), configuredBy: 'the setting ewzanim.fbx2gltf.path', searchPath: join(root, 'bin'), searchFrom: [] }),
    expected: { problem: `the setting ewzanim.fbx2gltf.path names ROOT/nowhere/FBX2glTF, which is not a file: ${installHint('linux')}` },
  },
  {
    name: 'a configured path without the executable bit: the chmod',
    files: { 'tools/FBX2glTF': false },
    options: (root) => ({ configuredPath: join(root, 'tools/FBX2glTF'), searchPath: '', searchFrom: [] }),
    expected: { problem: 'FBX2glTF at ROOT/tools/FBX2glTF is not executable: run `chmod +x ROOT/tools/FBX2glTF` (the npm package fbx2gltf ships its binary without the executable bit)' },
  },
];

for (const { name, files, options, expected } of CASES) {
  test(`locating FBX2glTF: ${name}`, { skip: process.platform === 'win32' && 'executable bits are a POSIX matter' }, () => {
    const folder = folderWith(files);
    try {
      const lookup = locateFbx2gltf({ ...options(folder.root), platform: 'linux' });
      const want = 'found' in expected ? { found: join(folder.root, expected.found) } : { problem: expected.problem.replaceAll('ROOT', folder.root) };
      assert.deepEqual(lookup, want);
    } finally {
      folder.dispose();
    }
  });
}

test('the install command per platform: the npm package, then the chmod of its binary where the tarball drops the bit', () => {
  assert.equal(
    installHint('linux'),
    'install it with `npm install --save-dev fbx2gltf` in the project, then `chmod +x node_modules/fbx2gltf/bin/Linux/FBX2glTF` (the package ships it without its executable bit), or put FBX2glTF on PATH, or set ewzanim.fbx2gltf.path (the CLI: --fbx2gltf PATH) to the FBX2glTF binary',
  );
  assert.match(installHint('darwin'), /`chmod \+x node_modules\/fbx2gltf\/bin\/Darwin\/FBX2glTF`/);
  assert.equal(installHint('win32'), 'install it with `npm install --save-dev fbx2gltf` in the project, or put FBX2glTF on PATH, or set ewzanim.fbx2gltf.path (the CLI: --fbx2gltf PATH) to the FBX2glTF binary');
});
