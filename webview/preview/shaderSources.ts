/**
 * WGSL has no `#include`: each pipeline's module is its library files followed by its own
 * file, in one place so every consumer (preview, GPU tests, GPU bench) compiles the same text.
 */
import keyframe from '../../shaders/keyframe.wgsl';
import bones from '../../shaders/bones.wgsl';
import skin from '../../shaders/skin.wgsl';
import mesh from '../../shaders/mesh.wgsl';
import lines from '../../shaders/lines.wgsl';
import view from '../../shaders/view.wgsl';
import skinBench from '../../shaders/skin-bench.wgsl';
import copyBench from '../../shaders/copy-bench.wgsl';

export const BONES_WGSL = keyframe + '\n' + bones;
export const MESH_WGSL = [skin, view, mesh].join('\n');
export const LINES_WGSL = [view, lines].join('\n');
/** The GPU bench's kernels: many characters skinned with the same skin.wgsl, and a copy baseline. */
export const SKIN_BENCH_WGSL = [keyframe, skin, skinBench].join('\n');
export const COPY_BENCH_WGSL = copyBench;
