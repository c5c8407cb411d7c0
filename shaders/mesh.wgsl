// The skinned (or static) mesh: positions straight from the mesh file's f16 attribute, normals
// (the mesh's own or computed, a second vertex buffer) skinned with the same matrices, lit by a
// key light and a sky/ground hemisphere light with a soft specular highlight; the selected or
// hovered bone's influence tinted. The wireframe is the same vertices drawn as lines.
// Needs skin.wgsl and view.wgsl prepended.

@group(1) @binding(0) var<uniform> view: View;

struct MeshOut {
  @builtin(position) clip: vec4f,
  @location(0) world: vec3f,
  @location(1) normal: vec3f,
  @location(2) highlight: f32,
}

fn influence(joints: vec4u, weights: vec4f, bone: i32) -> f32 {
  if (bone < 0) { return 0.0; }
  var w = 0.0;
  for (var i = 0u; i < 4u; i = i + 1u) {
    if (i32(joints[i]) == bone) { w = w + weights[i]; }
  }
  return w;
}

fn skinned_out(position: vec4f, joints: vec4u, weights: vec4f, normal: vec3f) -> MeshOut {
  let world = skin_position(0u, position.xyz, joints, weights);
  var out: MeshOut;
  out.clip = view.view_proj * vec4f(world, 1.0);
  out.world = world;
  out.normal = skin_normal(0u, normal, joints, weights);
  out.highlight = max(influence(joints, weights, view.bones.x), 0.6 * influence(joints, weights, view.bones.y));
  return out;
}

fn static_out(position: vec4f, normal: vec3f) -> MeshOut {
  var out: MeshOut;
  out.clip = view.view_proj * vec4f(position.xyz, 1.0);
  out.world = position.xyz;
  out.normal = normal;
  out.highlight = 0.0;
  return out;
}

@vertex
fn vs_skinned(@location(0) position: vec4f, @location(1) joints: vec4u, @location(2) weights: vec4f, @location(3) normal: vec3f) -> MeshOut {
  return skinned_out(position, joints, weights, normal);
}

@vertex
fn vs_static(@location(0) position: vec4f, @location(3) normal: vec3f) -> MeshOut {
  return static_out(position, normal);
}

// The wireframe: the same vertices, pulled a little towards the camera so the lines win against the faces they lie on.
fn pulled_forward(out: MeshOut) -> MeshOut {
  var o = out;
  o.clip.z = o.clip.z - 0.0005 * o.clip.w;
  return o;
}

@vertex
fn vs_wire_skinned(@location(0) position: vec4f, @location(1) joints: vec4u, @location(2) weights: vec4f, @location(3) normal: vec3f) -> MeshOut {
  return pulled_forward(skinned_out(position, joints, weights, normal));
}

@vertex
fn vs_wire_static(@location(0) position: vec4f, @location(3) normal: vec3f) -> MeshOut {
  return pulled_forward(static_out(position, normal));
}

fn lit(base: vec3f, world: vec3f, normal: vec3f, front: bool) -> vec3f {
  var n = normal;
  let len = sqrt(dot(n, n));
  // A vertex no triangle touches has no normal: light it as facing the camera.
  if (len < 1e-6) { n = normalize(view.eye.xyz - world); } else { n = n / len; }
  if (!front) { n = -n; }
  let l = normalize(view.light.xyz);
  let v = normalize(view.eye.xyz - world);
  let hemisphere = mix(view.ground.rgb, view.sky.rgb, 0.5 + 0.5 * n.y);
  let diffuse = max(dot(n, l), 0.0);
  let specular = pow(max(dot(n, normalize(l + v)), 0.0), 32.0) * 0.18;
  return base * (hemisphere + 0.75 * diffuse) + vec3f(specular);
}

@fragment
fn fs_mesh(in: MeshOut, @builtin(front_facing) front: bool) -> @location(0) vec4f {
  let base = mix(view.base.rgb, HIGHLIGHT, clamp(in.highlight, 0.0, 1.0));
  return vec4f(min(lit(base, in.world, in.normal, front), vec3f(1.0)), 1.0);
}

@fragment
fn fs_wire(in: MeshOut) -> @location(0) vec4f {
  return vec4f(mix(view.wire.rgb, HIGHLIGHT, clamp(in.highlight, 0.0, 1.0)), 1.0);
}
