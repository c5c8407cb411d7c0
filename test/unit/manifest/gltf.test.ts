/**
 * glTF/GLB references, generated here with @gltf-transform/core: joint counts, animation and
 * skin names, wildcard imports and their collisions, external buffers, corrupt files.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Document, WebIO } from '@gltf-transform/core';
import { checkManifest, type ManifestCheckResult } from '../../../formats/manifest';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes, skeletonBytes } from './assetBytes';

interface GltfSpec {
  skins: { name: string; joints: number }[];
  animations: string[];
  /** Adds a skinned mesh whose highest JOINTS_0 value is this. */
  maxJoint?: number;
}

function buildDocument(spec: GltfSpec): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene();
  const allJoints = [];
  for (const skinSpec of spec.skins) {
    const skin = doc.createSkin(skinSpec.name);
    for (let j = 0; j < skinSpec.joints; j++) {
      const node = doc.createNode(`${skinSpec.name}_j${j}`);
      scene.addChild(node);
      skin.addJoint(node);
      allJoints.push(node);
    }
  }
  for (const name of spec.animations) {
    const input = doc.createAccessor().setType('SCALAR').setArray(new Float32Array([0, 1])).setBuffer(buffer);
    const output = doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 0, 1, 0])).setBuffer(buffer);
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output);
    const channel = doc.createAnimationChannel().setTargetNode(allJoints[0] ?? scene.listChildren()[0] ?? doc.createNode('n')).setTargetPath('translation').setSampler(sampler);
    doc.createAnimation(name).addSampler(sampler).addChannel(channel);
  }
  if (spec.maxJoint !== undefined) {
    const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])).setBuffer(buffer);
    const joints = doc.createAccessor().setType('VEC4').setArray(new Uint8Array([0, 0, 0, 0, 1, 0, 0, 0, spec.maxJoint, 0, 0, 0])).setBuffer(buffer);
    const weights = doc.createAccessor().setType('VEC4').setArray(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0])).setBuffer(buffer);
    const primitive = doc.createPrimitive().setAttribute('POSITION', position).setAttribute('JOINTS_0', joints).setAttribute('WEIGHTS_0', weights);
    scene.addChild(doc.createNode('body').setMesh(doc.createMesh('body').addPrimitive(primitive)));
  }
  return doc;
}

async function glb(spec: GltfSpec): Promise<Uint8Array> {
  return new WebIO().writeBinary(buildDocument(spec));
}

const CHARACTER: GltfSpec = { skins: [{ name: 'CharacterSkin', joints: 4 }], animations: ['Wave', 'Bounce'] };

const GAME = '[game]\nid = "g"\ntitle = "G"\nauthor = "A"\nversion = "1"\n';

async function check(body: string, files: Record<string, Uint8Array | string>): Promise<{ result: ManifestCheckResult; text: string }> {
  const text = `${GAME}\n${body}\n`;
  const result = await checkManifest(new MemoryFileAccess(files), '/p/nether.toml', text, { maxKeyframeProblems: 10 });
  return { result, text };
}

function at(text: string, range: { start: { line: number; character: number }; end: { character: number } } | undefined): string {
  return text.split('\n')[range!.start.line].slice(range!.start.character, range!.end.character);
}

test('skins and animations found: joint counts become bone counts, glTF skin links clip and skeleton', async () => {
  const files = { '/p/hero.glb': await glb(CHARACTER) };
  const { result } = await check(`[[assets.skeletons]]
id = "skel"
path = "hero.glb"
skin_name = "CharacterSkin"

[[assets.animations]]
id = "wave"
path = "hero.glb"
animation_name = "Wave"
skin_name = "CharacterSkin"`, files);
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(result.assets.map((a) => [a.id, a.boneCount, a.skinName]), [['skel', 4, 'CharacterSkin'], ['wave', 4, 'CharacterSkin']]);
  assert.deepEqual(result.assets[0].gltf, { skins: [{ name: 'CharacterSkin', jointCount: 4 }], animations: ['Wave', 'Bounce'] });
  assert.deepEqual(result.links, [{ animation: 'wave', skeleton: 'skel', source: 'gltf-skin' }]);
});

test('gltf-missing: unknown animation_name and skin_name name what the file has', async () => {
  const files = { '/p/hero.glb': await glb(CHARACTER) };
  const { result, text } = await check(`[[assets.animations]]
id = "jump"
path = "hero.glb"
animation_name = "Jump"
skin_name = "Skin2"`, files);
  const missing = result.diagnostics.filter((d) => d.code === 'manifest/gltf-missing');
  assert.deepEqual(missing.map((d) => [at(text, d.range), d.severity, d.data?.available]), [['"Jump"', 'error', 'Wave,Bounce'], ['"Skin2"', 'error', 'CharacterSkin']]);
  assert.match(missing[0].message, /No animation "Jump" in "hero.glb" \(its animations: "Wave", "Bounce"\)/);
});

test('gltf-missing: a glTF without skins cannot be a skeleton', async () => {
  const files = { '/p/prop.glb': await glb({ skins: [], animations: [] }) };
  const { result, text } = await check('[[assets.skeletons]]\nid = "s"\npath = "prop.glb"', files);
  assert.deepEqual(result.diagnostics.map((d) => [d.code, at(text, d.range)]), [['manifest/gltf-missing', '"prop.glb"']]);
});

test('wildcard import: ids are id_prefix + animation names; a clash with an explicit id is an error', async () => {
  const files = { '/p/hero.glb': await glb(CHARACTER), '/p/wave.nczxanim': clipBytes(4) };
  const clash = await check('[[assets.animations]]\nid = "Wave"\npath = "wave.nczxanim"\n\n[[assets.animations]]\npath = "hero.glb"', files);
  const collision = clash.result.diagnostics.filter((d) => d.code === 'manifest/wildcard-collision');
  assert.equal(collision.length, 1);
  assert.equal(at(clash.text, collision[0].range), '"hero.glb"');
  assert.equal(collision[0].data?.id, 'Wave');
  assert.match(collision[0].message, /produces the id "Wave", which the entry at line 8 already uses/);

  const prefixed = await check('[[assets.animations]]\nid = "Wave"\npath = "wave.nczxanim"\n\n[[assets.animations]]\npath = "hero.glb"\nid_prefix = "hero_"', files);
  assert.deepEqual(prefixed.result.diagnostics.filter((d) => d.severity === 'error'), []);
  assert.deepEqual(prefixed.result.assets[1].importedIds, ['hero_Wave', 'hero_Bounce']);
});

test('two wildcard imports of the same names collide too (upstream stops at the second)', async () => {
  const files = { '/p/a.glb': await glb(CHARACTER), '/p/b.glb': await glb(CHARACTER) };
  const { result, text } = await check('[[assets.animations]]\npath = "a.glb"\n\n[[assets.animations]]\npath = "b.glb"', files);
  const collision = result.diagnostics.filter((d) => d.code === 'manifest/wildcard-collision');
  assert.deepEqual(collision.map((d) => [at(text, d.range), d.data?.id]), [['"b.glb"', 'Wave'], ['"b.glb"', 'Bounce']]);
});

test('imported clips link to the skeleton of the same file and skin, one link per imported id', async () => {
  const files = { '/p/hero.glb': await glb(CHARACTER) };
  const { result } = await check('[[assets.skeletons]]\nid = "skel"\npath = "hero.glb"\n\n[[assets.animations]]\npath = "hero.glb"\nid_prefix = "h_"', files);
  assert.deepEqual(result.links, [
    { animation: 'h_Wave', skeleton: 'skel', source: 'gltf-skin' },
    { animation: 'h_Bounce', skeleton: 'skel', source: 'gltf-skin' },
  ]);
});

test('a glTF mesh whose joints exceed its explicit native skeleton is an error', async () => {
  const files = { '/p/body.glb': await glb({ skins: [{ name: 'S', joints: 6 }], animations: [], maxJoint: 5 }), '/p/s.nczxskel': skeletonBytes(3) };
  const { result, text } = await check('[[assets.skeletons]]\nid = "s"\npath = "s.nczxskel"\n\n[[assets.meshes]]\nid = "body"\npath = "body.glb"\nskeleton = "s"', files);
  const d = result.diagnostics.find((x) => x.code === 'manifest/bone-mismatch')!;
  assert.equal(d.severity, 'error');
  assert.equal(at(text, d.range), '"s"');
  assert.deepEqual(d.data, { meshBones: 6, skeletonBones: 3, source: 'explicit' });
  assert.deepEqual(result.meshLinks, [{ mesh: 'body', skeleton: 's', source: 'explicit' }]);
});

test('.gltf with an external buffer is read through FileAccess; a missing buffer is a clear error', async () => {
  const io = new WebIO();
  const { json, resources } = await io.writeJSON(buildDocument(CHARACTER));
  const [bufferName] = Object.keys(resources);
  const gltfText = JSON.stringify(json);
  const body = '[[assets.skeletons]]\nid = "s"\npath = "models/hero.gltf"';
  const ok = await check(body, { '/p/models/hero.gltf': gltfText, [`/p/models/${bufferName}`]: resources[bufferName] });
  assert.deepEqual(ok.result.diagnostics, []);
  assert.equal(ok.result.assets[0].boneCount, 4);

  const broken = await check(body, { '/p/models/hero.gltf': gltfText });
  assert.deepEqual(broken.result.diagnostics.map((d) => d.code), ['manifest/asset-invalid']);
  assert.match(broken.result.diagnostics[0].message, new RegExp(`cannot read "models/hero.gltf" as glTF: its buffer "${bufferName}" does not exist`));
});

test('corrupt GLB and non-JSON .gltf give diagnostics, never exceptions', async () => {
  const good = await glb(CHARACTER);
  const cases: Record<string, Uint8Array | string> = {
    'truncated.glb': good.subarray(0, 40),
    'garbage.glb': new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 255, 255, 255, 255]),
    'text.gltf': '{ "asset": ',
    'array.gltf': '[1, 2]',
  };
  for (const [name, bytes] of Object.entries(cases)) {
    const { result } = await check(`[[assets.skeletons]]\nid = "s"\npath = "${name}"`, { [`/p/${name}`]: bytes });
    assert.deepEqual(result.diagnostics.map((d) => d.code), ['manifest/asset-invalid'], name);
    assert.match(result.diagnostics[0].message, /cannot read .* as glTF/, name);
  }
});
