/**
 * The Explorer's "Export Animation from glTF…" entry, as package.json contributes it: its `when`
 * clause evaluated as the workbench would, for file names and hosts. A .gltf or .glb is offered
 * everywhere; an .fbx only where FBX2glTF can run (the desktop, or a web workbench with a remote
 * extension host such as code-server), not in VS Code for the Web; other files never.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { evaluateWhen, type WhenContext } from '../helpers/whenClause';

const REPO = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  contributes: { menus: Record<string, { command: string; when?: string }[]> };
};

const HOSTS: Record<string, WhenContext> = {
  desktop: { isWeb: false },
  'VS Code for the Web': { isWeb: true },
  'code-server': { isWeb: true, remoteName: 'code-server' },
};

/** [file, host, offered] */
const TABLE: [string, keyof typeof HOSTS, boolean][] = [
  ['Fox.glb', 'desktop', true],
  ['Fox.glb', 'VS Code for the Web', true],
  ['Fox.glb', 'code-server', true],
  ['Scene.GLTF', 'desktop', true],
  ['Scene.gltf', 'VS Code for the Web', true],
  ['rig.fbx', 'desktop', true],
  ['rig.FBX', 'code-server', true],
  ['rig.fbx', 'VS Code for the Web', false],
  ['walk.nczxanim', 'desktop', false],
  ['Fox.glb.bak', 'desktop', false],
  ['notes.txt', 'code-server', false],
  ['glb', 'desktop', false],
];

const entry = pkg.contributes.menus['explorer/context']!.find((m) => m.command === 'ewzanim.exportFromGltf');

test('the Explorer has one "Export Animation from glTF…" entry with a when clause', () => {
  assert.equal(pkg.contributes.menus['explorer/context']!.filter((m) => m.command === 'ewzanim.exportFromGltf').length, 1);
  assert.equal(typeof entry?.when, 'string');
});

for (const [file, host, offered] of TABLE) {
  test(`${file} in ${host}: ${offered ? 'offered' : 'not offered'}`, () => {
    assert.equal(evaluateWhen(entry!.when!, { ...HOSTS[host], resourceExtname: extname(file), resourceFilename: file }), offered);
  });
}

test('the evaluator reads precedence and negation as VS Code does (|| lowest, && then !)', () => {
  assert.equal(evaluateWhen('a || b && c', { a: true, b: true, c: false }), true);
  assert.equal(evaluateWhen('(a || b) && c', { a: true, b: true, c: false }), false);
  assert.equal(evaluateWhen('!a && b', { a: false, b: true }), true);
  assert.equal(evaluateWhen("resourceExtname == '.glb'", { resourceExtname: '.glb' }), true);
  assert.throws(() => evaluateWhen('a in b', { a: true }), /unexpected/);
});
