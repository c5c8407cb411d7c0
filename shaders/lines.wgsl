// Bone gizmos (an axis triad per bone, placed by its model-space keyframe matrix) and the ground
// grid. Needs view.wgsl prepended. Binding 0 is the output of bones.wgsl (model matrix in rows 0..2).

@group(0) @binding(0) var<storage, read> model_rows: array<vec4f>;
@group(1) @binding(0) var<uniform> view: View;

struct LineOut {
  @builtin(position) clip: vec4f,
  @location(0) color: vec3f,
}

// Instance = bone, vertices 0..5 = the x, y and z axis (origin, tip).
@vertex
fn vs_gizmo(@builtin(instance_index) bone: u32, @builtin(vertex_index) v: u32) -> LineOut {
  let o = bone * 6u;
  let r0 = model_rows[o];
  let r1 = model_rows[o + 1u];
  let r2 = model_rows[o + 2u];
  let axis = v / 2u;
  let origin = vec3f(r0.w, r1.w, r2.w);
  let column = vec3f(r0[axis], r1[axis], r2[axis]);
  let tip = origin + column * view.gizmo.x;
  var color = vec3f(0.0);
  color[axis] = 1.0;
  color = mix(color, vec3f(0.25), 0.15);
  let b = i32(bone);
  if (b == view.bones.x || b == view.bones.y) { color = HIGHLIGHT; }
  else if (view.bones.x >= 0) { color = color * 0.55; }
  var out: LineOut;
  out.clip = view.view_proj * vec4f(select(origin, tip, (v & 1u) == 1u), 1.0);
  out.color = color;
  return out;
}

@vertex
fn vs_grid(@location(0) position: vec3f, @location(1) color: vec3f) -> LineOut {
  var out: LineOut;
  out.clip = view.view_proj * vec4f(position, 1.0);
  out.color = color;
  return out;
}

@fragment
fn fs_line(in: LineOut) -> @location(0) vec4f {
  return vec4f(in.color, 1.0);
}
