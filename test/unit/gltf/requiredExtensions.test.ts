/**
 * Every extension the Khronos registry lists as ratified, required by a file: read, or refused by
 * name with `gltf/unsupported-extension` and what to do, never with a JavaScript error's text.
 * The list: "Ratified Khronos Extensions" of the KhronosGroup/glTF repository's
 * extensions/README.md as of its update of 2026-07-16 (pull request 2614): the KHR extensions and
 * the three EXT ones it lists (EXT_mesh_gpu_instancing, EXT_meshopt_compression, EXT_texture_webp).
 * A read file keeps the extension, marked required, in its document: the reader registered it
 * rather than dropping it. KHR_materials_diffuse_transmission, a release candidate there, reads too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GltfReadError, readGltfBytes } from '../../../formats/gltf';
import { nodeGltfDecoders } from '../../../node/gltf/decoders';

const RATIFIED: Record<string, 'read' | 'refused'> = {
  KHR_animation_pointer: 'refused',
  KHR_draco_mesh_compression: 'read',
  KHR_lights_punctual: 'read',
  KHR_materials_anisotropy: 'read',
  KHR_materials_clearcoat: 'read',
  KHR_materials_dispersion: 'read',
  KHR_materials_emissive_strength: 'read',
  KHR_materials_ior: 'read',
  KHR_materials_iridescence: 'read',
  KHR_materials_sheen: 'read',
  KHR_materials_specular: 'read',
  KHR_materials_transmission: 'read',
  KHR_materials_unlit: 'read',
  KHR_materials_variants: 'read',
  KHR_materials_volume: 'read',
  KHR_mesh_quantization: 'read',
  KHR_node_visibility: 'read',
  KHR_texture_basisu: 'read',
  KHR_texture_transform: 'read',
  KHR_xmp_json_ld: 'read',
  EXT_mesh_gpu_instancing: 'read',
  EXT_meshopt_compression: 'read',
  EXT_texture_webp: 'read',
};

/** Registry release candidates the reader reads as well. */
const RELEASE_CANDIDATES_READ = ['KHR_materials_diffuse_transmission'];

function requiring(extension: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, extensionsUsed: [extension], extensionsRequired: [extension] }));
}

const OUTCOMES: [string, 'read' | 'refused'][] = [...Object.entries(RATIFIED), ...RELEASE_CANDIDATES_READ.map((name): [string, 'read'] => [name, 'read'])];

for (const [extension, outcome] of OUTCOMES) {
  test(`a file requiring ${extension} is ${outcome}`, async () => {
    const reading = readGltfBytes(requiring(extension), {}, await nodeGltfDecoders());
    if (outcome === 'read') {
      const used = (await reading).getRoot().listExtensionsUsed().map((e) => [e.extensionName, e.isRequired()]);
      assert.deepEqual(used, [[extension, true]]);
      return;
    }
    await assert.rejects(reading, (error: unknown) => {
      assert.ok(error instanceof GltfReadError);
      assert.equal(error.code, 'gltf/unsupported-extension');
      assert.match(error.message, new RegExp(`^it requires the extension ${extension}, which this exporter cannot read: re-export `));
      return true;
    });
  });
}

test('a vendor extension the reader does not know is refused by name; its message says to re-export without it', async () => {
  await assert.rejects(readGltfBytes(requiring('MSFT_texture_dds')), {
    name: 'GltfReadError',
    code: 'gltf/unsupported-extension',
    message: 'it requires the extension MSFT_texture_dds, which this exporter cannot read: re-export without MSFT_texture_dds, or run `npx @gltf-transform/cli inspect` on the file to see what uses it',
  });
});

test('a Draco primitive without the decoder (the report\'s 16-byte repro) names Draco, not the library\'s DT_FLOAT32 crash', async () => {
  const json = {
    asset: { version: '2.0' },
    extensionsUsed: ['KHR_draco_mesh_compression'],
    extensionsRequired: ['KHR_draco_mesh_compression'],
    buffers: [{ byteLength: 16 }],
    bufferViews: [{ buffer: 0, byteLength: 16 }],
    accessors: [{ componentType: 5126, count: 1, type: 'VEC3' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, extensions: { KHR_draco_mesh_compression: { bufferView: 0, attributes: { POSITION: 0 } } } }] }],
  };
  await assert.rejects(readGltfBytes(new TextEncoder().encode(JSON.stringify(json)), { '': new Uint8Array(16) }), {
    code: 'gltf/unsupported-extension',
    message: 'it requires the extension KHR_draco_mesh_compression, which this exporter cannot read: this reader was given no Draco decoder: re-export without Draco compression',
  });
});

test('a file that is not JSON stays gltf/unreadable', async () => {
  await assert.rejects(readGltfBytes(new TextEncoder().encode('{ not json')), { code: 'gltf/unreadable' });
});
