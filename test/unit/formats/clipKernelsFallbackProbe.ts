/**
 * Run by the kernel tests under `node --jitless` (no WebAssembly). Default: decodes random records
 * with the bulk decoders and counts the floats that differ from the scalar reference. `lint`: lints
 * the sparse-problem clip of clipLintKernel.test.ts. Prints one JSON line.
 */
import { MATRIX_FLOATS, TRANSFORM_FLOATS, boneMatrix, clipBoneMatrices, decodeClipRecords, decodeKeyframe, lintClipRecords, memoryByteSource, parseClipHeader } from '../../../formats/index';
import { clipKernels } from '../../../formats/wasm/clipKernels';
import { randomClip } from '../../gpu/clipFixtures';
import { sparseProblemClip } from './clipKernelInputs';

function decodeProbe(): void {
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
}

/** Same lint and same listing as clipLintKernel.test.ts. */
async function lintProbe(): Promise<void> {
  const bytes = sparseProblemClip(3, 3001, 11, [0, 1, 3, 4, 5, 4091, 4095, 4096, 4097, 8191, 8192, 9002]);
  const header = parseClipHeader(bytes)!;
  const diagnostics = await lintClipRecords(memoryByteSource(bytes), header, { maxKeyframeProblems: 1e9 });
  const problems = diagnostics.map((d) => {
    const data = d.data as { frame: number; bone: number; field: string };
    return `${data.frame * header.boneCount + data.bone} ${d.code} ${data.field}`;
  });
  console.log(JSON.stringify({ kernels: clipKernels() !== undefined, problems }));
}

if (process.argv[2] === 'lint') void lintProbe();
else decodeProbe();
