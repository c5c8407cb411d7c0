// The skinned (or static) mesh: positions straight from the mesh file's f16 attribute, flat
// shading from screen-space derivatives (no normals needed), the selected or hovered bone's
// influence tinted. Needs skin.wgsl and view.wgsl prepended.

@group(1) @binding(0) var<uniform> view: View;

struct MeshOut {
  @builtin(position) clip: vec4f,
  @location(0) world: vec3f,
  @location(1) highlight: f32,
}

fn influence(joints: vec4u, weights: vec4f, bone: i32) -> f32 {
  if (bone < 0) { return 0.0; }
  var w = 0.0;
  for (var i = 0u; i < 4u; i = i + 1u) {
    if (i32(joints[i]) == bone) { w = w + weights[i]; }
  }
  return w;
}

@vertex
fn vs_skinned(@location(0) position: vec4f, @location(1) joints: vec4u, @location(2) weights: vec4f) -> MeshOut {
  let world = skin_position(0u, position.xyz, joints, weights);
  var out: MeshOut;
  out.clip = view.view_proj * vec4f(world, 1.0);
  out.world = world;
  out.highlight = max(influence(joints, weights, view.bones.x), 0.6 * influence(joints, weights, view.bones.y));
  return out;
}

@vertex
fn vs_static(@location(0) position: vec4f) -> MeshOut {
  var out: MeshOut;
  out.clip = view.view_proj * vec4f(position.xyz, 1.0);
  out.world = position.xyz;
  out.highlight = 0.0;
  return out;
}

@fragment
fn fs_mesh(in: MeshOut) -> @location(0) vec4f {
  let n = normalize(cross(dpdx(in.world), dpdy(in.world)));
  let lambert = abs(dot(n, normalize(view.light.xyz)));
  let base = vec3f(0.62, 0.66, 0.72) * (0.25 + 0.75 * lambert);
  return vec4f(mix(base, HIGHLIGHT * (0.4 + 0.6 * lambert), clamp(in.highlight, 0.0, 1.0)), 1.0);
}
