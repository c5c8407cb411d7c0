// Camera and highlight state shared by the mesh, gizmo and grid pipelines (one uniform buffer).
struct View {
  view_proj: mat4x4f,
  // xyz: direction towards the light (world space).
  light: vec4f,
  // x: gizmo axis length (world units).
  gizmo: vec4f,
  // x: selected bone, y: hovered bone (-1 = none).
  bones: vec4i,
}

const HIGHLIGHT: vec3f = vec3f(1.0, 0.78, 0.2);
