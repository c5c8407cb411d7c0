/**
 * What is watched follows the registry of kinds and the user's MSH extensions: the server's
 * watcher globs, and the extensions with a listing (the listing's own watcher and file dialog).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import picomatch from 'picomatch';
import { binaryExtensions, extensionsGlob, extensionsWith } from '../../../formats/fileKinds';
import { watchedFileGlobs } from '../../../server/src/watchers';

const CONSOLE_EXTENSIONS = ['.ewzanim', '.nczxanim', '.ewzskel', '.nczxskel', '.ewzmesh', '.nczxmesh', '.nczmesh', '.ewz', '.ewzx', '.nczx'];

test('the binary extensions: both eras, then the MSH extensions the user lists (lower case, each once) instead of .msh', () => {
  assert.deepEqual(binaryExtensions(), [...CONSOLE_EXTENSIONS, '.msh']);
  assert.deepEqual(binaryExtensions({ mshExtensions: ['.MDL', '.mdl', '.rlb'] }), [...CONSOLE_EXTENSIONS, '.mdl', '.rlb']);
  assert.deepEqual(binaryExtensions({ mshExtensions: [] }), CONSOLE_EXTENSIONS);
});

test('the extensions with a listing: clips of both eras and the MSH extensions', () => {
  assert.deepEqual(extensionsWith('listing'), ['.ewzanim', '.nczxanim', '.msh']);
  assert.deepEqual(extensionsWith('listing', { mshExtensions: ['.msh', '.mdl'] }), ['.ewzanim', '.nczxanim', '.msh', '.mdl']);
  assert.equal(extensionsGlob(['.nczxanim', '.mdl']), '**/*.{nczxanim,mdl}');
});

test("the server's watcher globs match a custom MSH extension only while it is listed, and the manifests always", () => {
  const matches = (globs: string[], path: string): boolean => globs.some((glob) => picomatch(glob)(path));
  const listed = watchedFileGlobs(['.msh', '.mdl']);
  const unlisted = watchedFileGlobs(['.msh']);
  assert.ok(matches(listed, '/ws/units/army.mdl'));
  assert.ok(!matches(unlisted, '/ws/units/army.mdl'));
  for (const globs of [listed, unlisted]) {
    for (const path of ['/ws/a/walk.nczxanim', '/ws/hero.msh', '/ws/nether.toml', '/ws/old/ember.toml']) assert.ok(matches(globs, path), path);
    for (const path of ['/ws/Cargo.toml', '/ws/units.rlb', '/ws/readme.md']) assert.ok(!matches(globs, path), path);
  }
});
