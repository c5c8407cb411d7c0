import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { Document, WebIO } from '@gltf-transform/core';
import { checkManifest } from '../../../formats';
import { manifestHoverAt } from '../../../formats/manifest/service/hover';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';

/** A GLB with one skin of `joints` joints and one (empty-motion) animation per name. */
async function characterGlb(skin: string, joints: number, animations: string[]): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene();
  const gltfSkin = doc.createSkin(skin);
  for (let j = 0; j < joints; j++) {
    const node = doc.createNode(`j${j}`);
    scene.addChild(node);
    gltfSkin.addJoint(node);
  }
  for (const name of animations) {
    const input = doc.createAccessor().setType('SCALAR').setArray(new Float32Array([0, 1])).setBuffer(buffer);
    const output = doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 0, 1, 0])).setBuffer(buffer);
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output);
    const channel = doc.createAnimationChannel().setTargetNode(gltfSkin.listJoints()[0]).setTargetPath('translation').setSampler(sampler);
    doc.createAnimation(name).addSampler(sampler).addChannel(channel);
  }
  return new WebIO().writeBinary(doc);
}

test('hover on glTF entries: the animation or skin found, with its joint count', async () => {
  const text = [
    '[game]', 'id = "g"', 'title = "G"', 'author = "A"', 'version = "1"',
    '[[assets.skeletons]]', 'id = "rig"', 'path = "hero.glb"', 'skin_name = "Rig"',
    '[[assets.animations]]', 'id = "wave"', 'path = "hero.glb"', 'animation_name = "Wave"',
    '[[assets.animations]]', 'id = "jump"', 'path = "hero.glb"', 'animation_name = "Jump"',
  ].join('\n');
  const files = new MemoryFileAccess({ '/p/hero.glb': await characterGlb('Rig', 5, ['Wave', 'Bounce']) });
  const result = await checkManifest(files, '/p/nether.toml', text, { maxKeyframeProblems: 10 });
  const hover = (line: number) => manifestHoverAt(result, { line, character: 9 }, { frameRate: 30 })?.markdown.split('\n') ?? [];
  assert.deepEqual(hover(7), ['**skeleton "rig"**: `hero.glb`', '', '- glTF skin "Rig": 5 joints']);
  assert.deepEqual(hover(11).slice(0, 6), [
    '**animation "wave"**: `hero.glb`',
    '',
    '- glTF animation "Wave" found',
    '- Animations in the file: "Wave", "Bounce"',
    '- glTF skin "Rig": 5 joints',
    '- With skeleton "rig" (5 bones), linked because both use the same glTF skin',
  ]);
  const jump = hover(15);
  assert.equal(jump[2], '- glTF animation "Jump" not found');
  assert.ok(jump.some((l) => l.startsWith('- `manifest/gltf-missing` No animation "Jump" in "hero.glb"')), jump.join('\n'));
});
