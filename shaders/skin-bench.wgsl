// Throughput kernels for the GPU bench: skins many characters at once with the preview's own
// skin_position (skin.wgsl) and f16 decode (keyframe.wgsl), reading each vertex from the mesh
// file's bytes as they are (stride words per vertex, joints and weights in the last two words);
// and its matched copy, which moves the same vertex bytes with the same bindings and grid.

struct SkinBench {
  vertex_count: u32,
  characters: u32,
  // Bone rows (6 per bone) of one character in bone_rows.
  rows_per_character: u32,
  stride_words: u32,
}

// Invocations per workgroup; the bench sweeps it (both kernels of a row use the same value).
override bench_workgroup_size: u32 = 256;

@group(0) @binding(1) var<storage, read> vertices: array<u32>;
@group(0) @binding(2) var<storage, read_write> skinned: array<vec4f>;
@group(0) @binding(3) var<uniform> bench: SkinBench;

// Invocation index on the bench's grid: x by y workgroups, row-major.
fn bench_invocation(group: vec3u, lane: u32, groups: vec3u) -> u32 {
  return (group.y * groups.x + group.x) * bench_workgroup_size + lane;
}

@compute @workgroup_size(bench_workgroup_size)
fn skin_characters(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(num_workgroups) groups: vec3u) {
  let i = bench_invocation(group, lane, groups);
  if (i >= bench.vertex_count * bench.characters) { return; }
  let character = i / bench.vertex_count;
  // Every character has its own copy of the mesh, so every vertex is read from memory once.
  let w = i * bench.stride_words;
  let xy = vertices[w];
  let zw = vertices[w + 1u];
  let position = vec3f(f16_bits_to_f32(xy & 0xffffu), f16_bits_to_f32(xy >> 16u), f16_bits_to_f32(zw & 0xffffu));
  let j = vertices[w + bench.stride_words - 2u];
  let joints = vec4u(j & 0xffu, (j >> 8u) & 0xffu, (j >> 16u) & 0xffu, j >> 24u);
  let weights = unpack4x8unorm(vertices[w + bench.stride_words - 1u]);
  skinned[i] = vec4f(skin_position(character * bench.rows_per_character, position, joints, weights), 1.0);
}

// The fair copy for skin_characters: one invocation per vertex on the same grid, reading all of
// the vertex's stride words and writing 16 bytes to the same output, with no arithmetic and no
// bone reads. Its bytes per second are the memory system's own for this access pattern.
@compute @workgroup_size(bench_workgroup_size)
fn copy_vertices(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(num_workgroups) groups: vec3u) {
  let i = bench_invocation(group, lane, groups);
  if (i >= bench.vertex_count * bench.characters) { return; }
  let w = i * bench.stride_words;
  // Every word read reaches the store (folded by xor), so none of the loads can be dropped.
  var folded = vec4u(vertices[w], vertices[w + 1u], vertices[w + bench.stride_words - 2u], vertices[w + bench.stride_words - 1u]);
  for (var k = 2u; k + 2u < bench.stride_words; k = k + 1u) {
    folded.x = folded.x ^ vertices[w + k];
  }
  skinned[i] = bitcast<vec4f>(folded);
}
