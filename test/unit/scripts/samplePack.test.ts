/**
 * The demo's sample workspace (scripts/sample-pack.ts): the main pack and animation-demo are
 * clean; only upstream's Emberware-era examples warn, in a folder whose README says why. Every
 * clip is linked to its mesh (and skeleton, where the game binds one) through the manifest's
 * keys; animation-demo's wave skins the column upstream's game builds, which bends as one piece.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFileAccess } from '../../../node/fileAccess';
import { checkManifestFile } from '../../../formats/manifest/index';
import { checkFile } from '../../../formats/check';
import { boneMatrix, decodeKeyframe, decodeVertex, keyframeOffset, parseClipHeader, parseMeshHeader, vertexOffset, type Vec3 } from '../../../formats/index';
import { addLinkKeys, columnWeights, COLUMN, PLANTED, writeSamplePack, type SamplePack } from '../../../scripts/sample-pack';

async function withSamplePack(run: (pack: SamplePack) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ewzanim-sample-test-'));
  try {
    await run(await writeSamplePack(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('each manifest links its clips explicitly; the main pack and animation-demo have no diagnostics, the Emberware-era examples only legacy extensions', () =>
  withSamplePack(async (pack) => {
    const era = join(pack.emberwareEra, 'multi-skinned-rom', 'nether.toml');
    const expected: [string, [string, string | undefined, string][], string[]][] = [
      [pack.manifest, [['creature_walk', 'creature_skel', 'creature_mesh']], []],
      [pack.animationDemo.manifest, [['wave', undefined, 'column']], []],
      [era, [['wave1', 'arm1_skel', 'arm1_mesh'], ['wave2', 'arm2_skel', 'arm2_mesh']], Array<string>(6).fill('manifest/legacy-extension')],
    ];
    for (const [manifest, links, codes] of expected) {
      const result = await checkManifestFile(nodeFileAccess, manifest, { maxKeyframeProblems: 100 });
      const checked = result.manifest!;
      assert.deepEqual(checked.assets.filter((a) => a.kind === 'animation').map((a) => a.id), links.map(([id]) => id), `${manifest}: its clips`);
      assert.deepEqual(
        checked.links.map((l) => [l.animation, l.skeleton, l.mesh, l.source]),
        links.map(([id, skeleton, mesh]) => [id, skeleton, mesh, 'explicit']),
      );
      assert.deepEqual(result.diagnostics.map((d) => d.code), codes, `${manifest}: its diagnostics`);
    }
    const readme = readFileSync(join(pack.emberwareEra, 'README.md'), 'utf8');
    assert.match(readme, /refuses those extensions/);
    assert.match(readme, /manifest\/legacy-extension/);
  }));

test('the walkthrough\'s broken clip has exactly its two planted problems, at the records its README names', () =>
  withSamplePack(async (pack) => {
    const result = await checkFile(nodeFileAccess, pack.brokenClip);
    const record = ({ frame, bone }: { frame: number; bone: number }): number => 4 + (frame * 3 + bone) * 16;
    assert.deepEqual(
      result.diagnostics.map((d) => [d.code, d.severity, d.byteRange?.start]),
      [
        ['anim/non-unit-rotation', 'warning', record(PLANTED.nonUnit)],
        ['anim/non-finite', 'error', record(PLANTED.nonFinite) + 4],
      ],
    );
    const readme = readFileSync(join(pack.brokenClip, '..', 'README.md'), 'utf8');
    assert.match(readme, /frame 20, bone 2: position x is NaN/);
    assert.match(readme, /frame 12, bone 1: the rotation word is 0/);
  }));

test('animation-demo\'s wave is upstream\'s bytes; the column is 10 rings of 6 vertices, 324 indices, skinned to bones 0-2 with weights summing to 255', () =>
  withSamplePack(async (pack) => {
    assert.deepEqual(readFileSync(pack.animationDemo.clip), readFileSync(join(__dirname, '..', '..', 'fixtures', 'upstream', 'animation-demo', 'assets', 'wave.ewzanim')));
    const mesh = new Uint8Array(readFileSync(pack.animationDemo.mesh));
    const header = parseMeshHeader(mesh)!;
    assert.deepEqual([header.vertexCount, header.indexCount, header.format, mesh.length], [60, 324, 12, header.expectedSize]);
    for (let v = 0; v < 60; v++) {
      const vertex = decodeVertex(mesh, vertexOffset(header, v), header.format);
      assert.deepEqual(vertex.boneIndices, [0, 1, 2, 0]);
      const sum = vertex.boneWeights!.reduce((a, b) => a + Math.round(b * 255), 0);
      assert.equal(sum, 255, `vertex ${v}`);
    }
    // Bottom ring: bone 0 alone; top ring: bone 2 alone; the middle shares all three.
    assert.deepEqual(columnWeights(0), [1, 0, 0]);
    assert.deepEqual(columnWeights(1).map((w) => Math.round(w * 1000) / 1000), [0, 0, 1]);
    assert.ok(columnWeights(0.5).every((w) => w > 0.1));
  }));

/** Raw-mode skinning (no skeleton bound), as the console does it: sum of weight x bone matrix x position. */
function skinnedRingCentres(clip: Uint8Array, mesh: Uint8Array, frame: number): Vec3[] {
  const clipHeader = parseClipHeader(clip)!;
  const matrices = Array.from({ length: clipHeader.boneCount }, (_, bone) => boneMatrix(decodeKeyframe(clip, keyframeOffset(clipHeader, frame, bone))));
  const header = parseMeshHeader(mesh)!;
  const centres: Vec3[] = [];
  for (let ring = 0; ring < COLUMN.rings; ring++) {
    const centre: Vec3 = [0, 0, 0];
    for (let s = 0; s < COLUMN.segments; s++) {
      const vertex = decodeVertex(mesh, vertexOffset(header, ring * COLUMN.segments + s), header.format);
      for (let i = 0; i < 4; i++) {
        const m = matrices[vertex.boneIndices![i]];
        const w = vertex.boneWeights![i];
        const [x, y, z] = vertex.position;
        for (let row = 0; row < 3; row++) centre[row] += (w * (m[row * 4] * x + m[row * 4 + 1] * y + m[row * 4 + 2] * z + m[row * 4 + 3])) / COLUMN.segments;
      }
    }
    centres.push(centre);
  }
  return centres;
}

test('the wave bends the column as one piece: neighbouring rings stay close, and the top swings from one side to the other', () =>
  withSamplePack(async (pack) => {
    const clip = new Uint8Array(readFileSync(pack.animationDemo.clip));
    const mesh = new Uint8Array(readFileSync(pack.animationDemo.mesh));
    const restSpacing = COLUMN.height / (COLUMN.rings - 1);
    const tops: number[] = [];
    for (const frame of [0, 7, 15, 22]) {
      const centres = skinnedRingCentres(clip, mesh, frame);
      for (let ring = 1; ring < centres.length; ring++) {
        const gap = Math.hypot(...centres[ring].map((c, i) => c - centres[ring - 1][i]));
        // Raw mode stretches the column (the keyframes carry the bones' positions), never tears it.
        assert.ok(gap > 0.2 && gap < 2.5 * restSpacing, `frame ${frame}, rings ${ring - 1}-${ring}: ${gap.toFixed(3)} apart`);
      }
      tops.push(centres[centres.length - 1][0]);
    }
    assert.ok(tops[0] < -0.3 && tops[2] > 0.3, `the top ring's x at frames 0 and 15: ${tops[0].toFixed(3)}, ${tops[2].toFixed(3)}`);
  }));

test('addLinkKeys adds the keys after the entry\'s path line, and refuses an entry it cannot find', () => {
  const text = '[[assets.animations]]\nid = "walk"\npath = "walk.nczxanim"\n\n[[assets.animations]]\nid = "walk2"\npath = "w2.nczxanim"\n';
  assert.equal(
    addLinkKeys(text, 'walk', { skeleton: 's', mesh: 'm' }),
    '[[assets.animations]]\nid = "walk"\npath = "walk.nczxanim"\nskeleton = "s"\nmesh = "m"\n\n[[assets.animations]]\nid = "walk2"\npath = "w2.nczxanim"\n',
  );
  assert.throws(() => addLinkKeys(text, 'run', { skeleton: 's' }), /no entry "run"/);
});
