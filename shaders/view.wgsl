// Camera, lights, colours and highlight state shared by the mesh, wireframe, gizmo, joint and
// grid pipelines (one uniform buffer, written once per displayed frame).
struct View {
  view_proj: mat4x4f,
  // xyz: direction towards the key light (world space).
  light: vec4f,
  // xyz: the camera's position (for the specular highlight).
  eye: vec4f,
  // x: gizmo axis length, y: joint marker radius (world units).
  gizmo: vec4f,
  // x: selected bone, y: hovered bone (-1 = none).
  bones: vec4i,
  // The mesh's colour, the hemisphere light's sky and ground colours, the wireframe's and the joints' colours.
  base: vec4f,
  sky: vec4f,
  ground: vec4f,
  wire: vec4f,
  joint: vec4f,
}

const HIGHLIGHT: vec3f = vec3f(1.0, 0.78, 0.2);
