/**
 * What the preview offers (formats/workspace/previewCandidates.ts): the files of the one
 * workspace walk with the user's settings, so nothing the checker excludes; clips known by their
 * 4-byte header alone, however long the clip; skeletons and meshes with their bone counts.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FileAccess } from '../../../formats/fileAccess';
import { DEFAULT_SETTINGS } from '../../../formats/settings/settings';
import { clipBoneCount, clipsWithBones, previewFiles, withBoneCounts } from '../../../formats/workspace/previewCandidates';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes, skeletonBytes, skinnedMeshBytes } from '../manifest/assetBytes';

/** Every read as `path@offset+length`. */
function recording(inner: FileAccess): FileAccess & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    stat: (path) => inner.stat(path),
    read: (path, offset, length) => {
      reads.push(`${path}@${offset}+${length}`);
      return inner.read(path, offset, length);
    },
    readDirectory: (path) => inner.readDirectory(path),
  };
}

function workspace(): MemoryFileAccess {
  return new MemoryFileAccess({
    '/ws/walk.nczxanim': clipBytes(3, 4000),
    '/ws/run.nczxanim': clipBytes(3, 20),
    '/ws/wave/wave.ewzanim': clipBytes(4, 10),
    '/ws/empty.nczxanim': clipBytes(3, 0),
    '/ws/rig.nczxskel': skeletonBytes(3),
    '/ws/big/rig.nczxskel': skeletonBytes(4),
    '/ws/body.nczxmesh': skinnedMeshBytes(2),
    '/ws/out/skip.nczxskel': skeletonBytes(3),
    '/ws/node_modules/dep/skip.nczxmesh': skinnedMeshBytes(2),
    '/ws/.cache/skip.nczxanim': clipBytes(3, 2),
    '/ws/hero.msh': new Uint8Array(8),
  });
}

test('the preview offers the files the checker covers: the settings\' exclude globs, hidden folders and node_modules skipped', async () => {
  const files = await previewFiles(workspace(), ['/ws'], { ...DEFAULT_SETTINGS, exclude: [...DEFAULT_SETTINGS.exclude, '**/out/**'] });
  assert.deepEqual(files.clips.map((f) => f.path), ['/ws/empty.nczxanim', '/ws/run.nczxanim', '/ws/walk.nczxanim', '/ws/wave/wave.ewzanim']);
  assert.deepEqual(files.skeletons.map((f) => f.path), ['/ws/big/rig.nczxskel', '/ws/rig.nczxskel']);
  assert.deepEqual(files.meshes.map((f) => f.path), ['/ws/body.nczxmesh']);
});

test('clips of a bone count: 4 bytes read per clip, whatever its length; clips with no frame are left out', async () => {
  const access = recording(workspace());
  const { clips } = await previewFiles(access, ['/ws'], DEFAULT_SETTINGS);
  assert.deepEqual(access.reads, [], 'the walk reads no file');
  const fitting = await clipsWithBones(access, clips, 3);
  assert.deepEqual(fitting, [
    { path: '/ws/run.nczxanim', bones: 3, frames: 20 },
    { path: '/ws/walk.nczxanim', bones: 3, frames: 4000 },
  ]);
  assert.deepEqual(access.reads.sort(), ['/ws/empty.nczxanim@0+4', '/ws/run.nczxanim@0+4', '/ws/walk.nczxanim@0+4', '/ws/wave/wave.ewzanim@0+4']);
});

test("a clip's bone count: its first 4 bytes only; 0 when it cannot be read", async () => {
  const access = recording(workspace());
  assert.equal(await clipBoneCount(access, '/ws/walk.nczxanim'), 3);
  assert.equal(await clipBoneCount(access, '/ws/missing.nczxanim'), 0);
  assert.deepEqual(access.reads, ['/ws/walk.nczxanim@0+4', '/ws/missing.nczxanim@0+4']);
});

test('skeletons and meshes with their bone counts (a mesh: its highest bone index + 1)', async () => {
  const access = workspace();
  const files = await previewFiles(access, ['/ws'], DEFAULT_SETTINGS);
  assert.deepEqual(await withBoneCounts(access, files.skeletons), [
    { path: '/ws/big/rig.nczxskel', boneCount: 4 },
    { path: '/ws/out/skip.nczxskel', boneCount: 3 },
    { path: '/ws/rig.nczxskel', boneCount: 3 },
  ]);
  assert.deepEqual(await withBoneCounts(access, files.meshes), [{ path: '/ws/body.nczxmesh', boneCount: 3 }]);
});
