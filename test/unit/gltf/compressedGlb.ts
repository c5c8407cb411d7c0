/**
 * A glTF document written as a GLB compressed as `gltf-transform draco` / `gltf-transform meshopt
 * --level medium` do (the CLI's own functions and encoders): the compressed fixtures of the
 * exporter's tests and of the web suite, made from the real uncompressed ones.
 */
import { WebIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt, unpartition } from '@gltf-transform/functions';
import { createEncoderModule } from 'draco3dgltf';
import { MeshoptEncoder } from 'meshoptimizer';

export type Compression = 'draco' | 'meshopt';

export async function compressedGlb(document: Document, compression: Compression): Promise<Uint8Array> {
  const io = new WebIO().registerExtensions(ALL_EXTENSIONS);
  if (compression === 'draco') {
    io.registerDependencies({ 'draco3d.encoder': await createEncoderModule() });
    await document.transform(draco());
  } else {
    await MeshoptEncoder.ready;
    io.registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
    await document.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  }
  // A GLB holds one buffer: a .gltf's several are merged, as the CLI does when it writes a .glb.
  if (document.getRoot().listBuffers().length > 1) await document.transform(unpartition());
  return io.writeBinary(document);
}
