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

// Invocations per workgroup and vertices per invocation (1 to 4); the bench sweeps both, and
// both kernels of a row use the same values. Invocation n handles vertices n, n + N, n + 2N...
// (N invocations in the grid), loading all of them before the first is skinned.
override bench_workgroup_size: u32 = 256;
override bench_vertices_per_invocation: u32 = 1;
const MAX_VERTICES_PER_INVOCATION = 4u;

@group(0) @binding(1) var<storage, read> vertices: array<u32>;
@group(0) @binding(2) var<storage, read_write> skinned: array<vec4f>;
@group(0) @binding(3) var<uniform> bench: SkinBench;

// Invocation index on the bench's grid (x by y workgroups, row-major) and the grid's size.
fn bench_invocation(group: vec3u, lane: u32, groups: vec3u) -> vec2u {
  return vec2u((group.y * groups.x + group.x) * bench_workgroup_size + lane, groups.x * groups.y * bench_workgroup_size);
}

// The words skin_characters reads of vertex i: position xy, position z, joints, weights.
fn vertex_words(i: u32) -> vec4u {
  let w = i * bench.stride_words;
  return vec4u(vertices[w], vertices[w + 1u], vertices[w + bench.stride_words - 2u], vertices[w + bench.stride_words - 1u]);
}

@compute @workgroup_size(bench_workgroup_size)
fn skin_characters(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(num_workgroups) groups: vec3u) {
  let at = bench_invocation(group, lane, groups);
  let total = bench.vertex_count * bench.characters;
  // Every character has its own copy of the mesh, so every vertex is read from memory once.
  var words: array<vec4u, MAX_VERTICES_PER_INVOCATION>;
  for (var k = 0u; k < bench_vertices_per_invocation; k = k + 1u) {
    let i = at.x + k * at.y;
    if (i < total) { words[k] = vertex_words(i); }
  }
  for (var k = 0u; k < bench_vertices_per_invocation; k = k + 1u) {
    let i = at.x + k * at.y;
    if (i >= total) { return; }
    let v = decoded_vertex(words[k]);
    let character = i / bench.vertex_count;
    skinned[i] = vec4f(skin_position(character * bench.rows_per_character, v.position, v.joints, v.weights), 1.0);
  }
}

struct BenchVertex {
  position: vec3f,
  joints: vec4u,
  weights: vec4f,
}

// A vertex's words (vertex_words) as skinning reads them: f16 position, u8 joints, unorm8 weights.
fn decoded_vertex(v: vec4u) -> BenchVertex {
  let position = vec3f(f16_bits_to_f32(v.x & 0xffffu), f16_bits_to_f32(v.x >> 16u), f16_bits_to_f32(v.y & 0xffffu));
  let joints = vec4u(v.z & 0xffu, (v.z >> 8u) & 0xffu, (v.z >> 16u) & 0xffu, v.z >> 24u);
  return BenchVertex(position, joints, unpack4x8unorm(v.w));
}

// ---- Variants of skin_characters (one vertex per invocation), the same arithmetic in the same
// order (skin_rows, then skin_sum), differing only in where and when the bone rows are read.

// All twelve bone rows read from storage before any weight is tested (skin_position tests each
// weight first, so a row's load waits on its weight's branch).
@compute @workgroup_size(bench_workgroup_size)
fn skin_characters_hoisted(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(num_workgroups) groups: vec3u) {
  let at = bench_invocation(group, lane, groups);
  if (at.x >= bench.vertex_count * bench.characters) { return; }
  let v = decoded_vertex(vertex_words(at.x));
  let base = (at.x / bench.vertex_count) * bench.rows_per_character;
  let p = vec4f(v.position, 1.0);
  var t: array<vec3f, 4>;
  for (var i = 0u; i < 4u; i = i + 1u) { t[i] = skin_transform(base, v.joints[i], p); }
  skinned[at.x] = vec4f(skin_sum(t, v.weights), 1.0);
}

// Skinning rows (3 per bone) of the characters a workgroup's vertices belong to, copied from
// bone_rows by the whole workgroup before any vertex is skinned; the bench sizes it (vec4 rows).
override bench_workgroup_rows: u32 = 1;
var<workgroup> workgroup_rows: array<vec4f, bench_workgroup_rows>;

@compute @workgroup_size(bench_workgroup_size)
fn skin_characters_workgroup(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(num_workgroups) groups: vec3u) {
  let at = bench_invocation(group, lane, groups);
  let total = bench.vertex_count * bench.characters;
  let bones = bench.rows_per_character / 6u;
  let first_vertex = (group.y * groups.x + group.x) * bench_workgroup_size;
  let first_character = first_vertex / bench.vertex_count;
  let last_character = (min(first_vertex + bench_workgroup_size, total) - 1u) / bench.vertex_count;
  var rows = 0u;
  if (first_vertex < total) { rows = min((last_character - first_character + 1u) * bones * 3u, bench_workgroup_rows); }
  for (var r = lane; r < rows; r = r + bench_workgroup_size) {
    let c = r / (bones * 3u);
    let in_character = r - c * bones * 3u;
    let bone = in_character / 3u;
    workgroup_rows[r] = bone_rows[(first_character + c) * bench.rows_per_character + bone * 6u + 3u + (in_character - bone * 3u)];
  }
  workgroupBarrier();
  if (at.x >= total) { return; }
  let v = decoded_vertex(vertex_words(at.x));
  let character = at.x / bench.vertex_count;
  let local = (character - first_character) * bones * 3u;
  let p = vec4f(v.position, 1.0);
  var t: array<vec3f, 4>;
  for (var i = 0u; i < 4u; i = i + 1u) {
    let o = local + v.joints[i] * 3u;
    if (v.joints[i] < bones && o + 2u < rows) {
      t[i] = skin_rows(workgroup_rows[o], workgroup_rows[o + 1u], workgroup_rows[o + 2u], p);
    } else {
      // A joint past the character's bones reads bone_rows as the preview does (robust access).
      t[i] = skin_transform(character * bench.rows_per_character, v.joints[i], p);
    }
  }
  skinned[at.x] = vec4f(skin_sum(t, v.weights), 1.0);
}

// The fair copy for skin_characters: the same vertices per invocation on the same grid, reading
// all of each vertex's stride words and writing 16 bytes to the same output, with no arithmetic
// and no bone reads. Its bytes per second are the memory system's own for this access pattern.
@compute @workgroup_size(bench_workgroup_size)
fn copy_vertices(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(num_workgroups) groups: vec3u) {
  let at = bench_invocation(group, lane, groups);
  let total = bench.vertex_count * bench.characters;
  var words: array<vec4u, MAX_VERTICES_PER_INVOCATION>;
  for (var k = 0u; k < bench_vertices_per_invocation; k = k + 1u) {
    let i = at.x + k * at.y;
    if (i < total) {
      // Every word read reaches the store (folded by xor), so none of the loads can be dropped.
      words[k] = vertex_words(i);
      for (var n = 2u; n + 2u < bench.stride_words; n = n + 1u) {
        words[k].x = words[k].x ^ vertices[i * bench.stride_words + n];
      }
    }
  }
  for (var k = 0u; k < bench_vertices_per_invocation; k = k + 1u) {
    let i = at.x + k * at.y;
    if (i >= total) { return; }
    skinned[i] = bitcast<vec4f>(words[k]);
  }
}
