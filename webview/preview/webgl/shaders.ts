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
uniform bool u_wire;
layout(location = 0) in vec4 a_position;
layout(location = 1) in uvec4 a_joints;
layout(location = 2) in vec4 a_weights;
layout(location = 3) in vec3 a_normal;
out vec3 v_world;
out vec3 v_normal;
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
  vec3 normal = a_normal;
  v_highlight = 0.0;
  if (u_skinned) {
    vec4 p = vec4(a_position.xyz, 1.0);
    vec4 n = vec4(a_normal, 0.0);
    world = vec3(0.0);
    normal = vec3(0.0);
    for (int i = 0; i < 4; i++) {
      if (a_weights[i] > 0.0) {
        world += skinTransform(a_joints[i], p) * a_weights[i];
        normal += skinTransform(a_joints[i], n) * a_weights[i];
      }
    }
    v_highlight = max(influence(u_bones_highlight.x), 0.6 * influence(u_bones_highlight.y));
  }
  v_world = world;
  v_normal = normal;
  gl_Position = u_viewProj * vec4(world, 1.0);
  // The wireframe is pulled a little towards the camera (as vs_wire_* in mesh.wgsl; GL depth runs -w..w).
  if (u_wire) gl_Position.z -= 0.001 * gl_Position.w;
}`;

export const MESH_FRAGMENT = `#version 300 es
precision highp float;
uniform vec3 u_light;
uniform vec3 u_eye;
uniform vec3 u_base;
uniform vec3 u_sky;
uniform vec3 u_ground;
uniform vec3 u_wireColor;
uniform bool u_wire;
in vec3 v_world;
in vec3 v_normal;
in float v_highlight;
out vec4 color;
const vec3 HIGHLIGHT = vec3(1.0, 0.78, 0.2);
vec3 lit(vec3 base) {
  vec3 n = v_normal;
  float len = sqrt(dot(n, n));
  if (len < 1e-6) n = normalize(u_eye - v_world); else n = n / len;
  if (!gl_FrontFacing) n = -n;
  vec3 l = normalize(u_light);
  vec3 v = normalize(u_eye - v_world);
  vec3 hemisphere = mix(u_ground, u_sky, 0.5 + 0.5 * n.y);
  float diffuse = max(dot(n, l), 0.0);
  float specular = pow(max(dot(n, normalize(l + v)), 0.0), 32.0) * 0.18;
  return base * (hemisphere + 0.75 * diffuse) + vec3(specular);
}
void main() {
  float h = clamp(v_highlight, 0.0, 1.0);
  if (u_wire) { color = vec4(mix(u_wireColor, HIGHLIGHT, h), 1.0); return; }
  color = vec4(min(lit(mix(u_base, HIGHLIGHT, h)), vec3(1.0)), 1.0);
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
