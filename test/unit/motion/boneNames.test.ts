/**
 * A motion finding on a clip exported from glTF names its bone by the export record beside the
 * clip (`<model>.export.json`); without a record, or on a clean clip, nothing is looked up.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFile } from '../../../formats/check';
import { EXPORT_RECORD_FORMAT, exportedBoneNames } from '../../../formats/gltf/exportRecord';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { SHAPE, clipOf, frozenBoneClip, poppedClip } from './plantedClips';

const JOINTS = Array.from({ length: SHAPE.bones }, (_, i) => `Joint${i}`);
const RECORD = JSON.stringify({ format: EXPORT_RECORD_FORMAT, source: 'Hero.glb', outputs: [{ kind: 'clip', path: 'Hero.Walk.nczxanim', joints: JOINTS }] });


async function messages(files: Record<string, Uint8Array | string>): Promise<{ messages: string[]; lookups: number }> {
  const access = new MemoryFileAccess(files);
  let lookups = 0;
  const result = await checkFile(access, '/game/anims/Hero.Walk.nczxanim', {
    maxKeyframeProblems: 100,
    boneNamesOf: (clip, bones) => (lookups++, exportedBoneNames(access, clip, bones)),
  });
  return { messages: result.diagnostics.map((d) => d.message), lookups };
}

test('a pop names its bone from the export record beside the clip', async () => {
  const { messages: found } = await messages({ '/game/anims/Hero.Walk.nczxanim': poppedClip(), '/game/anims/Hero.export.json': RECORD });
  assert.equal(found.length, 1);
  assert.match(found[0], /^bone 12 \(Joint12\) turns 169° between frames 33 and 34/);
});

test('frozen bones are named too; without a record the index stays', async () => {
  const named = await messages({ '/game/anims/Hero.Walk.nczxanim': frozenBoneClip(), '/game/anims/Hero.export.json': RECORD });
  assert.match(named.messages[0], /^bone 9 \(Joint9\) never moves/);
  const unnamed = await messages({ '/game/anims/Hero.Walk.nczxanim': frozenBoneClip() });
  assert.match(unnamed.messages[0], /^bone 9 never moves/);
});

test('a clip without a motion finding looks up no names', async () => {
  const clean = await messages({ '/game/anims/Hero.Walk.nczxanim': clipOf(SHAPE), '/game/anims/Hero.export.json': RECORD });
  assert.deepEqual(clean, { messages: [], lookups: 0 });
});
