/**
 * GLSL ES 3.0 twins of shaders/mesh.wgsl and shaders/lines.wgsl for the WebGL2 fallback. The
 * bone matrices come from the CPU mirror (pose.ts) in a 6 x 256 RGBA32F texture laid out like
 * the WebGPU bone buffer (row = bone, texel = matrix row).
 */
export const MESH_VERTEX = `#version 300 es
precision highp float;
precision highp int;
uniform mat4 u_viewProj;
uniform highp sampler2D u_bones;
uniform ivec2 u_bones_highlight;
uniform bool u_skinned;
layout(location = 0) in vec4 a_position;
layout(location = 1) in uvec4 a_joints;
layout(location = 2) in vec4 a_weights;
out vec3 v_world;
out float v_highlight;
vec3 skinTransform(uint bone, vec4 p) {
  int b = int(bone);
  return vec3(dot(texelFetch(u_bones, ivec2(3, b), 0), p), dot(texelFetch(u_bones, ivec2(4, b), 0), p), dot(texelFetch(u_bones, ivec2(5, b), 0), p));
}
float influence(int bone) {
  if (bone < 0) return 0.0;
  float w = 0.0;
  for (int i = 0; i < 4; i++) if (int(a_joints[i]) == bone) w += a_weights[i];
  return w;
}
void main() {
  vec3 world = a_position.xyz;
  v_highlight = 0.0;
  if (u_skinned) {
    vec4 p = vec4(a_position.xyz, 1.0);
    world = vec3(0.0);
    for (int i = 0; i < 4; i++) if (a_weights[i] > 0.0) world += skinTransform(a_joints[i], p) * a_weights[i];
    v_highlight = max(influence(u_bones_highlight.x), 0.6 * influence(u_bones_highlight.y));
  }
  v_world = world;
  gl_Position = u_viewProj * vec4(world, 1.0);
}`;

export const MESH_FRAGMENT = `#version 300 es
precision highp float;
uniform vec3 u_light;
in vec3 v_world;
in float v_highlight;
out vec4 color;
const vec3 HIGHLIGHT = vec3(1.0, 0.78, 0.2);
void main() {
  // WebGL's window y points up where WebGPU's points down: the normal flips, abs() hides it.
  vec3 n = normalize(cross(dFdx(v_world), dFdy(v_world)));
  float lambert = abs(dot(n, normalize(u_light)));
  vec3 base = vec3(0.62, 0.66, 0.72) * (0.25 + 0.75 * lambert);
  color = vec4(mix(base, HIGHLIGHT * (0.4 + 0.6 * lambert), clamp(v_highlight, 0.0, 1.0)), 1.0);
}`;

export const LINE_VERTEX = `#version 300 es
precision highp float;
uniform mat4 u_viewProj;
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_color;
out vec3 v_color;
void main() {
  v_color = a_color;
  gl_Position = u_viewProj * vec4(a_position, 1.0);
}`;

export const LINE_FRAGMENT = `#version 300 es
precision highp float;
in vec3 v_color;
out vec4 color;
void main() { color = vec4(v_color, 1.0); }`;
