/**
 * What `ewzanim export animation|skeleton|mesh` print for a glTF that requires an extension it
 * cannot read: one line, `<file>: error gltf/unsupported-extension: ...`, naming the extension and
 * what to do, exit status 1, nothing written. The first report's repro (a .gltf whose one
 * primitive requires KHR_draco_mesh_compression over 16 bytes) now reaches the Draco decoder,
 * whose refusal names Draco, never the library's internal crash text; malformed meshopt data is
 * named as EXT_meshopt_compression's.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempTree } from '../cli/cliHarness';

const COMMANDS = [['animation', 'nczxanim'], ['skeleton', 'nczxskel'], ['mesh', 'nczxmesh']] as const;

function gltfRequiring(extension: string, body: Record<string, unknown> = {}): string {
  return JSON.stringify({ asset: { version: '2.0' }, extensionsUsed: [extension], extensionsRequired: [extension], ...body });
}

const MESHOPT_MALFORMED = gltfRequiring('EXT_meshopt_compression', {
  buffers: [{ uri: 'malformed.bin', byteLength: 16 }],
  bufferViews: [{ buffer: 0, byteLength: 12, byteStride: 12, extensions: { EXT_meshopt_compression: { buffer: 0, byteLength: 16, byteStride: 12, count: 1, mode: 'ATTRIBUTES' } } }],
  accessors: [{ bufferView: 0, componentType: 5126, count: 1, type: 'VEC3' }],
  meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
});

const DRACO_REPRO = gltfRequiring('KHR_draco_mesh_compression', {
  buffers: [{ uri: 'repro.bin', byteLength: 16 }],
  bufferViews: [{ buffer: 0, byteLength: 16 }],
  accessors: [{ componentType: 5126, count: 1, type: 'VEC3' }],
  meshes: [{ primitives: [{ attributes: { POSITION: 0 }, extensions: { KHR_draco_mesh_compression: { bufferView: 0, attributes: { POSITION: 0 } } } }] }],
});

for (const [command, extension] of COMMANDS) {
  test(`export ${command}: a file requiring KHR_animation_pointer is refused in one line that names it and says what to do`, async () => {
    const tree = tempTree({ 'pointer.gltf': gltfRequiring('KHR_animation_pointer') });
    try {
      const model = join(tree.root, 'pointer.gltf');
      const output = join(tree.root, `out.${extension}`);
      const run = await runCli(['export', command, model, '-o', output]);
      assert.equal(run.status, 1);
      assert.equal(
        run.stderr,
        `${model}: error gltf/unsupported-extension: it requires the extension KHR_animation_pointer, which this exporter cannot read: re-export without KHR_animation_pointer (animations baked to node translation, rotation and scale channels)\n`,
      );
      assert.ok(!existsSync(output), 'nothing written');
    } finally {
      tree.dispose();
    }
  });

  test(`export ${command}: a vendor extension is refused by name with the gltf-transform command to look into the file`, async () => {
    const tree = tempTree({ 'vendor.gltf': gltfRequiring('ACME_magic_meshes') });
    try {
      const model = join(tree.root, 'vendor.gltf');
      const run = await runCli(['export', command, model, '-o', join(tree.root, `out.${extension}`)]);
      assert.equal(run.status, 1);
      assert.equal(run.stderr, `${model}: error gltf/unsupported-extension: it requires the extension ACME_magic_meshes, which this exporter cannot read: re-export without ACME_magic_meshes, or run \`npx @gltf-transform/cli inspect\` on the file to see what uses it\n`);
    } finally {
      tree.dispose();
    }
  });

  test(`export ${command}: the 16-byte Draco repro is refused by the Draco decoder, named, without the library's crash text`, async () => {
    const tree = tempTree({ 'repro.gltf': DRACO_REPRO, 'repro.bin': new Uint8Array(16) });
    try {
      const model = join(tree.root, 'repro.gltf');
      const run = await runCli(['export', command, model, '-o', join(tree.root, `out.${extension}`)]);
      assert.equal(run.status, 1);
      assert.equal(run.stderr, `${model}: error gltf/unreadable: cannot read it as glTF 2.0: [KHR_draco_mesh_compression] Unknown geometry type.\n`);
    } finally {
      tree.dispose();
    }
  });

  test(`export ${command}: malformed meshopt data is named as EXT_meshopt_compression's`, async () => {
    const tree = tempTree({ 'malformed.gltf': MESHOPT_MALFORMED, 'malformed.bin': new Uint8Array(16) });
    try {
      const model = join(tree.root, 'malformed.gltf');
      const run = await runCli(['export', command, model, '-o', join(tree.root, `out.${extension}`)]);
      assert.equal(run.status, 1);
      assert.equal(run.stderr, `${model}: error gltf/unreadable: cannot read it as glTF 2.0: [EXT_meshopt_compression] Malformed buffer data: -1\n`);
    } finally {
      tree.dispose();
    }
  });
}
