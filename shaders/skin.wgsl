// Vertex skinning as the console does it: for each of 4 influences with weight > 0,
// pos += (B * vec4(p, 1)).xyz * w, B the bone's skinning matrix; weights not renormalised.
// Library file: declares the bone matrices binding (the output of bones.wgsl: 6 vec4 rows per
// bone, skinning matrix in rows 3..5) and is prepended to mesh.wgsl and skin-bench.wgsl.

@group(0) @binding(0) var<storage, read> bone_rows: array<vec4f>;

// B * p for the skinning matrix B given by its three rows, wherever they were read from.
fn skin_rows(r0: vec4f, r1: vec4f, r2: vec4f, p: vec4f) -> vec3f {
  return vec3f(dot(r0, p), dot(r1, p), dot(r2, p));
}

// `base` is the first row of this character's bones (0 in the preview; c * bones * 6 in the bench).
fn skin_transform(base: u32, bone: u32, p: vec4f) -> vec3f {
  let o = base + bone * 6u + 3u;
  return skin_rows(bone_rows[o], bone_rows[o + 1u], bone_rows[o + 2u], p);
}

// The sum over the influences with weight > 0 of w * t, t the influence's transformed vector, in
// influence order: what skin_vector adds up, for kernels that transform all four first.
fn skin_sum(t: array<vec3f, 4>, weights: vec4f) -> vec3f {
  var out = vec3f(0.0);
  for (var i = 0u; i < 4u; i = i + 1u) {
    if (weights[i] > 0.0) {
      out = out + t[i] * weights[i];
    }
  }
  return out;
}

// Sum over the 4 influences with weight > 0 of w * (B * v): v = (p, 1) moves a position, v = (n, 0)
// a normal with the bones' linear part (the console skins normals so, then normalises them).
fn skin_vector(base: u32, v: vec4f, joints: vec4u, weights: vec4f) -> vec3f {
  var out = vec3f(0.0);
  for (var i = 0u; i < 4u; i = i + 1u) {
    if (weights[i] > 0.0) {
      out = out + skin_transform(base, joints[i], v) * weights[i];
    }
  }
  return out;
}

fn skin_position(base: u32, position: vec3f, joints: vec4u, weights: vec4f) -> vec3f {
  return skin_vector(base, vec4f(position, 1.0), joints, weights);
}

fn skin_normal(base: u32, normal: vec3f, joints: vec4u, weights: vec4f) -> vec3f {
  return skin_vector(base, vec4f(normal, 0.0), joints, weights);
}
