/**
 * Run by clipKernels.test.ts under `node --jitless` (no WebAssembly): decodes random records with
 * the bulk decoders and counts the floats that differ from the scalar reference. Prints one JSON line.
 */
import { MATRIX_FLOATS, TRANSFORM_FLOATS, boneMatrix, clipBoneMatrices, decodeClipRecords, decodeKeyframe } from '../../../formats/index';
import { clipKernels } from '../../../formats/wasm/clipKernels';
import { randomClip } from '../../gpu/clipFixtures';

const bytes = randomClip(200, 100, 99);
const count = 200 * 100;
const transforms = new Uint32Array(decodeClipRecords(bytes, 4, count, new Float32Array(count * TRANSFORM_FLOATS)).buffer);
const matrices = new Uint32Array(clipBoneMatrices(bytes, 4, count, new Float32Array(count * MATRIX_FLOATS)).buffer);
const m = new Float32Array(MATRIX_FLOATS), mBits = new Uint32Array(m.buffer);
const t = new Float32Array(TRANSFORM_FLOATS), tBits = new Uint32Array(t.buffer);
let mismatches = 0;
for (let i = 0; i < count; i++) {
  const k = decodeKeyframe(bytes, 4 + i * 16);
  t.set([...k.rotation, ...k.position, ...k.scale]);
  boneMatrix(k, m);
  for (let f = 0; f < TRANSFORM_FLOATS; f++) if (transforms[i * TRANSFORM_FLOATS + f] !== tBits[f]) mismatches++;
  for (let f = 0; f < MATRIX_FLOATS; f++) if (matrices[i * MATRIX_FLOATS + f] !== mBits[f]) mismatches++;
}
console.log(JSON.stringify({ webAssembly: typeof WebAssembly, kernels: clipKernels() !== undefined, records: count, mismatches }));
