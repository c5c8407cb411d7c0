// Bone axes (an axis triad per bone, placed by its model-space keyframe matrix), joint markers
// (a small octahedron per bone) and the ground grid. Needs view.wgsl prepended. Binding 0 is
// the output of bones.wgsl (model matrix in rows 0..2).

@group(0) @binding(0) var<storage, read> model_rows: array<vec4f>;
@group(1) @binding(0) var<uniform> view: View;

struct LineOut {
  @builtin(position) clip: vec4f,
  @location(0) color: vec3f,
}

fn bone_origin(bone: u32) -> vec3f {
  let o = bone * 6u;
  return vec3f(model_rows[o].w, model_rows[o + 1u].w, model_rows[o + 2u].w);
}

// Dimmed when another bone is selected, highlighted when selected or hovered.
fn bone_color(bone: u32, color: vec3f) -> vec3f {
  let b = i32(bone);
  if (b == view.bones.x || b == view.bones.y) { return HIGHLIGHT; }
  if (view.bones.x >= 0) { return color * 0.55; }
  return color;
}

// Instance = bone, vertices 0..5 = the x, y and z axis (origin, tip).
@vertex
fn vs_gizmo(@builtin(instance_index) bone: u32, @builtin(vertex_index) v: u32) -> LineOut {
  let o = bone * 6u;
  let axis = v / 2u;
  let origin = bone_origin(bone);
  let column = vec3f(model_rows[o][axis], model_rows[o + 1u][axis], model_rows[o + 2u][axis]);
  let tip = origin + column * view.gizmo.x;
  var color = vec3f(0.0);
  color[axis] = 1.0;
  color = mix(color, vec3f(0.25), 0.15);
  var out: LineOut;
  out.clip = view.view_proj * vec4f(select(origin, tip, (v & 1u) == 1u), 1.0);
  out.color = bone_color(bone, color);
  return out;
}

// Instance = bone, vertices 0..23 = the 12 edges of an octahedron around its origin
// (JOINT_EDGES in webview/preview/gizmos.ts is the same list for the WebGL2 path).
var<private> JOINT_EDGES: array<u32, 24> = array<u32, 24>(0u, 2u, 0u, 3u, 0u, 4u, 0u, 5u, 1u, 2u, 1u, 3u, 1u, 4u, 1u, 5u, 2u, 4u, 4u, 3u, 3u, 5u, 5u, 2u);

fn joint_corner(i: u32) -> vec3f {
  var p = vec3f(0.0);
  p[i / 2u] = select(1.0, -1.0, (i & 1u) == 1u);
  return p;
}

@vertex
fn vs_joint(@builtin(instance_index) bone: u32, @builtin(vertex_index) v: u32) -> LineOut {
  let p = bone_origin(bone) + joint_corner(JOINT_EDGES[v]) * view.gizmo.y;
  var out: LineOut;
  out.clip = view.view_proj * vec4f(p, 1.0);
  out.color = bone_color(bone, view.joint.rgb);
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
