/** The skeleton/mesh guess for an unlinked clip, and the picker's order, as tables. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guessSkeletonAndMesh, guessText, rankCandidates, type AssetCandidate } from '../../../formats/assetGuess';

// The demo workspace: upstream arm1 (3 bones) and arm2 (4 bones), the generated 40-bone creature.
const DEMO_SKELETONS: AssetCandidate[] = [
  { id: '/pack/assets/arm1.ewzskel', boneCount: 3 },
  { id: '/pack/assets/arm2.ewzskel', boneCount: 4 },
  { id: '/pack/assets/creature.nczxskel', boneCount: 40 },
];
const DEMO_MESHES: AssetCandidate[] = [
  { id: '/pack/assets/arm1.ewzmesh', boneCount: 3 },
  { id: '/pack/assets/arm2.ewzmesh', boneCount: 4 },
  { id: '/pack/assets/creature.nczxmesh', boneCount: 40 },
  { id: '/pack/assets/cube.ewzmesh' },
];

interface Row {
  name: string;
  clipBones: number;
  skeletons: AssetCandidate[];
  meshes: AssetCandidate[];
  near?: string;
  skeleton?: string;
  mesh?: string;
  reasons: string;
}

const ROWS: Row[] = [
  {
    name: 'the demo creature: the only 40-bone skeleton and mesh', clipBones: 40, skeletons: DEMO_SKELETONS, meshes: DEMO_MESHES, near: '/pack/assets/creature-walk.nczxanim',
    skeleton: '/pack/assets/creature.nczxskel', mesh: '/pack/assets/creature.nczxmesh',
    reasons: 'skeleton guessed: only one with 40 bones; mesh guessed: only one using 40 bones',
  },
  {
    name: 'upstream wave2 (4 bones): arm2, and arm2\'s mesh before arm1\'s (which uses fewer bones)', clipBones: 4, skeletons: DEMO_SKELETONS, meshes: DEMO_MESHES,
    skeleton: '/pack/assets/arm2.ewzskel', mesh: '/pack/assets/arm2.ewzmesh', reasons: 'skeleton guessed: only one with 4 bones; mesh guessed: only one using 4 bones',
  },
  {
    name: 'no skeleton with the count; a mesh using fewer bones still fits', clipBones: 5, skeletons: DEMO_SKELETONS, meshes: DEMO_MESHES.slice(0, 2),
    reasons: 'no skeleton with 5 bones; 2 meshes using at most 5 bones: pick one',
  },
  {
    name: 'nothing fits', clipBones: 2, skeletons: DEMO_SKELETONS, meshes: DEMO_MESHES,
    reasons: 'no skeleton with 2 bones; no skinned mesh using at most 2 bones',
  },
  {
    name: 'two 3-bone skeletons: the one in the clip\'s folder, and the mesh beside it', clipBones: 3,
    skeletons: [{ id: '/ws/a/hero.nczxskel', boneCount: 3 }, { id: '/ws/b/villain.nczxskel', boneCount: 3 }],
    meshes: [{ id: '/ws/a/hero.nczxmesh', boneCount: 3 }, { id: '/ws/b/villain.nczxmesh', boneCount: 3 }], near: '/ws/b/anim/walk.nczxanim',
    skeleton: '/ws/b/villain.nczxskel', mesh: '/ws/b/villain.nczxmesh',
    reasons: 'skeleton guessed: the nearest of 2 with 3 bones; mesh guessed: the nearest of 2 using 3 bones',
  },
  {
    name: 'two equally near: no guess, the user picks', clipBones: 3,
    skeletons: [{ id: '/ws/a.nczxskel', boneCount: 3 }, { id: '/ws/b.nczxskel', boneCount: 3 }], meshes: [], near: '/ws/walk.nczxanim',
    reasons: '2 skeletons with 3 bones: pick one; no skinned mesh using at most 3 bones',
  },
];

for (const row of ROWS) {
  test(`guess: ${row.name}`, () => {
    const guess = guessSkeletonAndMesh(row.clipBones, row.skeletons, row.meshes, row.near);
    assert.equal(guess.skeleton.chosen?.id, row.skeleton);
    assert.equal(guess.mesh.chosen?.id, row.mesh);
    assert.equal(guessText(guess), row.reasons);
  });
}

test('picker order: fits first (exact before fewer bones), then nearer, with the bone count in the label', () => {
  const meshes = rankCandidates('mesh', 4, DEMO_MESHES, '/pack/assets/wave2.ewzanim');
  assert.deepEqual(meshes.map((r) => [r.candidate.id.split('/').pop(), r.label]), [
    ['arm2.ewzmesh', 'uses 4 bones, fits'],
    ['arm1.ewzmesh', 'uses 3 bones, fits'],
    ['creature.nczxmesh', 'uses 40 bones'],
    ['cube.ewzmesh', 'unskinned'],
  ]);
  const skeletons = rankCandidates('skeleton', 40, DEMO_SKELETONS);
  assert.deepEqual(skeletons.map((r) => [r.candidate.id.split('/').pop(), r.fits, r.label]), [
    ['creature.nczxskel', true, '40 bones, fits'],
    ['arm1.ewzskel', false, '3 bones'],
    ['arm2.ewzskel', false, '4 bones'],
  ]);
});
