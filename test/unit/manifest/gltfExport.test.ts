/**
 * The manifest and the glTF exporter: `manifest/gltf-local-space` on an animation imported
 * from a glTF whose joints form a hierarchy (what `nether pack` gets wrong), and the hover's
 * export summary, computed once per file version.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Document, WebIO } from '@gltf-transform/core';
import { checkManifest, gltfExportHoverLines, GltfExportSummaryCache, type ManifestCheckResult } from '../../../formats/manifest';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';

const GAME = '[game]\nid = "g"\ntitle = "G"\nauthor = "A"\nversion = "1"\n';
const FOX = new Uint8Array(readFileSync('test/fixtures/gltf/Fox/Fox.glb'));

/** Two joints side by side under the scene (local = model space), one animation. */
async function flatRig(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene();
  const skin = doc.createSkin('Flat');
  for (const name of ['a', 'b']) {
    const joint = doc.createNode(name);
    scene.addChild(joint);
    skin.addJoint(joint);
  }
  const input = doc.createAccessor().setType('SCALAR').setArray(new Float32Array([0, 1])).setBuffer(buffer);
  const output = doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 0, 1, 0])).setBuffer(buffer);
  const sampler = doc.createAnimationSampler().setInput(input).setOutput(output);
  doc.createAnimation('Bob').addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(skin.listJoints()[0]).setTargetPath('translation').setSampler(sampler));
  return new WebIO().writeBinary(doc);
}

async function check(body: string, files: Record<string, Uint8Array>): Promise<{ result: ManifestCheckResult; text: string; access: MemoryFileAccess }> {
  const text = `${GAME}\n${body}\n`;
  const access = new MemoryFileAccess(files);
  return { result: await checkManifest(access, '/p/nether.toml', text, { maxKeyframeProblems: 10 }), text, access };
}

function at(text: string, needle: string, delta = 1): { line: number; character: number } {
  const before = text.slice(0, text.indexOf(needle) + delta);
  return { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
}

test('an animation imported from a joint hierarchy gets manifest/gltf-local-space with the export command', async () => {
  const { result, text } = await check('[[assets.animations]]\nid = "walk"\npath = "Fox.glb"\nanimation_name = "Walk"', { '/p/Fox.glb': FOX });
  assert.deepEqual(result.diagnostics.map((d) => d.code), ['manifest/gltf-local-space']);
  const [warning] = result.diagnostics;
  assert.equal(warning.severity, 'warning');
  const line = text.split('\n')[warning.range!.start.line];
  assert.equal(line.slice(warning.range!.start.character, warning.range!.end.character), '"Fox.glb"');
  assert.deepEqual(warning.data, { command: 'ewzanim export animation Fox.glb --animation Walk -o Walk.nczxanim', joint: '"b_Root_00"', ancestor: '"_rootJoint"' });
  assert.match(warning.message, /its joints form a hierarchy \("b_Root_00" under "_rootJoint"\)\. `nether pack` stores each joint's local transform, but keyframe_bind plays clip transforms as model space/);
});

test('no warning for a flat skin, nor for the skeleton or mesh taken from a hierarchical glTF', async () => {
  const flat = await check('[[assets.animations]]\nid = "bob"\npath = "rig.glb"\nanimation_name = "Bob"', { '/p/rig.glb': await flatRig() });
  assert.deepEqual(flat.result.diagnostics, []);
  const others = await check('[[assets.skeletons]]\nid = "s"\npath = "Fox.glb"\n\n[[assets.meshes]]\nid = "m"\npath = "Fox.glb"', { '/p/Fox.glb': FOX });
  assert.deepEqual(others.result.diagnostics, []);
});

test('hover on a glTF animation entry: the export summary, computed once per file version', async () => {
  const { result, text, access } = await check('[[assets.animations]]\nid = "walk"\npath = "Fox.glb"\nanimation_name = "Walk"', { '/p/Fox.glb': FOX });
  const cache = new GltfExportSummaryCache();
  const lines = await gltfExportHoverLines(access, cache, result, at(text, '"Fox.glb"'), 30);
  assert.equal(lines[1], 'Console export (`ewzanim export animation`, model space, ACL error on a 3 cm shell):');
  assert.match(lines[2], /^- Export \(model space, 30 fps\): 23 frames x 24 bones; error max 3\.\d+ cm, p99 \d\.\d+ cm, \d+(\.\d)?% under 0\.01 cm$/);
  assert.match(lines[3], /^- Worst bone 15 "b_Tail03_014" at frame 0: 3\.\d+ cm \(mostly translation 3\.\d+ cm\)$/);
  assert.equal(lines[4], '- Flags: 23 identity rotations (stored as 0.137 degrees)');
  assert.deepEqual(await gltfExportHoverLines(access, cache, result, at(text, 'animation_name = "W', 18), 30), lines);
  assert.equal(cache.computed, 1);
  // Another frame rate is another export; a changed file is read again.
  assert.match((await gltfExportHoverLines(access, cache, result, at(text, '"walk"'), 24))[2], /^- Export \(model space, 24 fps\): 18 frames x 24 bones/);
  access.write('/p/Fox.glb', FOX);
  await gltfExportHoverLines(access, cache, result, at(text, '"Fox.glb"'), 30);
  assert.equal(cache.computed, 3);
  // Not on the entry's values: nothing.
  assert.deepEqual(await gltfExportHoverLines(access, cache, result, at(text, 'version'), 30), []);
});

test('hover on an import of every animation: one summary per animation', async () => {
  const { result, text, access } = await check('[[assets.animations]]\npath = "Fox.glb"\nid_prefix = "fox_"', { '/p/Fox.glb': FOX });
  const lines = await gltfExportHoverLines(access, new GltfExportSummaryCache(), result, at(text, '"Fox.glb"'), 30);
  assert.deepEqual(lines.filter((l) => l.startsWith('- Animation')), ['- Animation "Survey":', '- Animation "Walk":', '- Animation "Run":']);
  assert.match(lines[3], /^ {2}- Export \(model space, 30 fps\): 104 frames x 24 bones/);
});
