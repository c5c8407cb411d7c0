/**
 * The registry of file kinds: extensions of both console eras and of the MSH family, the
 * opt-in generic NRes extensions, detection by magic, and `checkFile` dispatching to the MSH
 * rules (by extension, and by magic for an unnamed extension).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KIND_SERVICES, kindOfBytes, kindOfPath } from '../../../formats/fileKinds';
import { checkFile } from '../../../formats/check';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { heroArchive, heroModel, patched } from '../msh/mshFixtures';

test('extensions name kinds; the MSH family has no console era', () => {
  const table: [string, ReturnType<typeof kindOfPath>][] = [
    ['a/walk.nczxanim', { kind: 'clip', era: 'nethercore' }],
    ['a/walk.EWZANIM', { kind: 'clip', era: 'emberware' }],
    ['a/nether.toml', { kind: 'manifest', era: 'nethercore' }],
    ['a/robot.msh', { kind: 'msh' }],
    ['a/ROBOT.MSH', { kind: 'msh' }],
    ['a/units.rlb', undefined],
    ['a/units.lib', undefined],
    ['a/readme.txt', undefined],
  ];
  for (const [path, expected] of table) assert.deepEqual(kindOfPath(path), expected, path);
});

test('generic NRes extensions are MSH files only when listed', () => {
  const options = { mshExtensions: ['.msh', '.rlb'] };
  assert.deepEqual(kindOfPath('units.rlb', options), { kind: 'msh' });
  assert.equal(kindOfPath('units.lib', options), undefined);
  assert.equal(kindOfPath('robot.msh', { mshExtensions: ['.rlb'] }), undefined, 'the list replaces the default');
});

test('magic: NRes and RsLi containers are the MSH family; clips have no magic', () => {
  assert.deepEqual(kindOfBytes(heroModel().subarray(0, 4)), { kind: 'msh' });
  assert.deepEqual(kindOfBytes(Uint8Array.of(0x4e, 0x4c, 0x00, 0x01)), { kind: 'msh' });
  assert.equal(kindOfBytes(Uint8Array.of(2, 0, 0, 0)), undefined);
  assert.equal(kindOfBytes(Uint8Array.of(0x4e, 0x52)), undefined, 'two bytes prove nothing');
});

test('every kind lists its services; MSH has every one a clip has', () => {
  assert.deepEqual(KIND_SERVICES.msh, KIND_SERVICES.clip);
  assert.equal(KIND_SERVICES.mesh.preview, false);
});

test('checkFile runs the MSH rules on a .msh, and on an unnamed extension whose magic is NRes', async () => {
  const broken = patched(heroModel(), (view) => view.setUint32(4, 0x200, true));
  const access = new MemoryFileAccess({ '/p/good.msh': heroModel(), '/p/pack.msh': heroArchive(), '/p/bad.msh': broken, '/p/bad.bin': broken, '/p/text.bin': 'hello' });
  const codes = async (path: string): Promise<[string, string[]]> => {
    const result = await checkFile(access, path);
    return [result.kind, result.diagnostics.map((d) => d.code)];
  };
  assert.deepEqual(await codes('/p/good.msh'), ['msh', []]);
  assert.deepEqual(await codes('/p/pack.msh'), ['msh', []]);
  assert.deepEqual(await codes('/p/bad.msh'), ['msh', ['nres/bad-header']]);
  assert.deepEqual(await codes('/p/bad.bin'), ['msh', ['nres/bad-header']]);
  assert.deepEqual(await codes('/p/text.bin'), ['unknown', ['file/unknown-kind']]);
});
