// Keyframe decoding, bit-exact with the TypeScript core (formats/f16.ts, formats/rotation.ts):
// every step is one f32 operation in the same order as the core's Math.fround chain. No
// unpack2x16float (its denormal handling is implementation-defined), no normalize() or
// inverseSqrt() (approximate); constants are given as bit patterns so no compiler rounds them
// differently. Library file: no bindings, no entry points; prepended to the shaders that use it.

// WGSL lets a compiler contract a * b + c into one fused multiply-add (NVIDIA's does), which
// rounds once where the core rounds twice, and GPU compilers may reassociate. `rounded(x)`
// passes a value through an integer XOR with a zero the compiler cannot see (set from a uniform
// by the entry point), so x is rounded to f32 on its own before it is used: one extra integer
// op per step, a few dozen per bone.
var<private> opaque_zero: u32;

fn rounded(x: f32) -> f32 {
  return bitcast<f32>(bitcast<u32>(x) ^ opaque_zero);
}

// Math.fround(1 / 511.5).
const ROT_INV_SCALE: f32 = bitcast<f32>(0x3b002008u);
// Math.fround(1 / Math.fround(Math.SQRT2)).
const ROT_INV_SQRT_2: f32 = bitcast<f32>(0x3f3504f3u);

fn rounded3(v: vec3f) -> vec3f {
  return bitcast<vec3f>(bitcast<vec3u>(v) ^ vec3u(opaque_zero));
}

fn rounded4(v: vec4f) -> vec4f {
  return bitcast<vec4f>(bitcast<vec4u>(v) ^ vec4u(opaque_zero));
}

// IEEE binary16 bits (low 16 bits of h) to f32 by bit manipulation: every f16, subnormals
// included, is exactly representable as f32.
fn f16_bits_to_f32(h: u32) -> f32 {
  let sign = (h & 0x8000u) << 16u;
  let exponent = (h >> 10u) & 0x1fu;
  var mantissa = h & 0x3ffu;
  if (exponent == 0x1fu) {
    return bitcast<f32>(sign | 0x7f800000u | (mantissa << 13u));
  }
  if (exponent != 0u) {
    return bitcast<f32>(sign | ((exponent + 112u) << 23u) | (mantissa << 13u));
  }
  if (mantissa == 0u) {
    return bitcast<f32>(sign);
  }
  // Subnormal f16 (mantissa * 2^-24): shift the leading one up to the implicit bit.
  var e = 113u;
  loop {
    if ((mantissa & 0x400u) != 0u) { break; }
    mantissa = mantissa << 1u;
    e = e - 1u;
  }
  return bitcast<f32>(sign | (e << 23u) | ((mantissa & 0x3ffu) << 13u));
}

// ---- Correctly rounded square root -------------------------------------------------------
// WGSL's sqrt need not be correctly rounded (its error is inverseSqrt's): NVIDIA's is not, while
// the core's Math.fround(Math.sqrt(x)) is. sqrt_rn corrects the hardware's guess by comparing x
// exactly with the squares of the midpoints to its neighbours, in 64-bit integer arithmetic
// built from 16-bit limbs (WGSL has no u64). A few dozen integer operations, once per bone.

// Full 64-bit product of two u32 as (low word, high word).
fn mul_wide(a: u32, b: u32) -> vec2u {
  let a0 = a & 0xffffu; let a1 = a >> 16u;
  let b0 = b & 0xffffu; let b1 = b >> 16u;
  let p00 = a0 * b0; let p01 = a0 * b1; let p10 = a1 * b0; let p11 = a1 * b1;
  let mid = (p00 >> 16u) + (p01 & 0xffffu) + (p10 & 0xffffu);
  return vec2u((p00 & 0xffffu) | (mid << 16u), p11 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u));
}

// v << n as (low, high), n < 64.
fn shl_wide(v: u32, n: u32) -> vec2u {
  if (n == 0u) { return vec2u(v, 0u); }
  if (n < 32u) { return vec2u(v << n, v >> (32u - n)); }
  return vec2u(0u, v << (n - 32u));
}

fn less_wide(a: vec2u, b: vec2u) -> bool {
  return a.y < b.y || (a.y == b.y && a.x < b.x);
}

// Compares x = X * 2^fx with m^2 for m = M * 2^em: -1 below, 0 equal, 1 above.
fn compare_with_square(big_x: u32, fx: i32, big_m: u32, em: i32) -> i32 {
  let shift = fx - 2 * em;
  if (shift < 0 || shift > 40) { return select(-1, 1, shift > 40); }
  let left = shl_wide(big_x, u32(shift));
  let right = mul_wide(big_m, big_m);
  if (less_wide(left, right)) { return -1; }
  if (less_wide(right, left)) { return 1; }
  return 0;
}

fn sqrt_rn(x: f32) -> f32 {
  var s = sqrt(x);
  let bx = bitcast<u32>(x);
  let ex = (bx >> 23u) & 0xffu;
  // Zero, subnormal, infinite or NaN input: nothing to correct (or nothing sensible to do).
  if (ex == 0u || ex == 0xffu || !(s > 0.0)) { return s; }
  let big_x = (bx & 0x7fffffu) | 0x800000u;
  let fx = i32(ex) - 150;
  // The guess is within a couple of ulp: a few corrections at most.
  for (var step = 0; step < 4; step = step + 1) {
    let bs = bitcast<u32>(s);
    let big_s = (bs & 0x7fffffu) | 0x800000u;
    let g = i32((bs >> 23u) & 0xffu) - 150;
    // Above the midpoint to the next float up: round up.
    if (compare_with_square(big_x, fx, 2u * big_s + 1u, g - 1) >= 0) { s = bitcast<f32>(bs + 1u); continue; }
    // Below the midpoint to the next float down (a quarter ulp below a power of two): round down.
    var below: i32;
    if (big_s == 0x800000u) { below = compare_with_square(big_x, fx, 4u * big_s - 1u, g - 2); }
    else { below = compare_with_square(big_x, fx, 2u * big_s - 1u, g - 1); }
    if (below < 0) { s = bitcast<f32>(bs - 1u); continue; }
    break;
  }
  return s;
}

fn rotation_field(q: u32) -> f32 {
  return rounded(rounded(rounded(f32(q) * ROT_INV_SCALE) - 1.0) * ROT_INV_SQRT_2);
}

// Smallest-three word to (x, y, z, w), not renormalised.
fn decode_rotation(word: u32) -> vec4f {
  let a = rotation_field((word >> 22u) & 0x3ffu);
  let b = rotation_field((word >> 12u) & 0x3ffu);
  let c = rotation_field((word >> 2u) & 0x3ffu);
  let radicand = rounded(rounded(rounded(1.0 - rounded(a * a)) - rounded(b * b)) - rounded(c * c));
  let largest = sqrt_rn(max(radicand, 0.0));
  switch (word & 3u) {
    case 0u: { return vec4f(largest, a, b, c); }
    case 1u: { return vec4f(a, largest, b, c); }
    case 2u: { return vec4f(a, b, largest, c); }
    default: { return vec4f(a, b, c, largest); }
  }
}

// One decoded keyframe record.
struct Transform {
  rotation: vec4f,
  position: vec3f,
  scale: vec3f,
}

// The 16-byte record as four little-endian u32 words: rotation word, then six f16 (px py pz sx sy sz).
fn decode_record(w: vec4u) -> Transform {
  var t: Transform;
  t.rotation = decode_rotation(w.x);
  t.position = vec3f(f16_bits_to_f32(w.y & 0xffffu), f16_bits_to_f32(w.y >> 16u), f16_bits_to_f32(w.z & 0xffffu));
  t.scale = vec3f(f16_bits_to_f32(w.z >> 16u), f16_bits_to_f32(w.w & 0xffffu), f16_bits_to_f32(w.w >> 16u));
  return t;
}

// Blended mode: shortest-path normalised lerp of rotations, lerp of position and scale.
// Spelled out (no mix(), dot(), normalize()) so the CPU mirror can follow every f32 step.
fn blend_transforms(t0: Transform, t1: Transform, f: f32) -> Transform {
  let q0 = t0.rotation;
  var q1 = t1.rotation;
  let d = ((rounded(q0.x * q1.x) + rounded(q0.y * q1.y)) + rounded(q0.z * q1.z)) + rounded(q0.w * q1.w);
  if (d < 0.0) { q1 = -q1; }
  let q = q0 + rounded4((q1 - q0) * f);
  let len = sqrt_rn(((rounded(q.x * q.x) + rounded(q.y * q.y)) + rounded(q.z * q.z)) + rounded(q.w * q.w));
  var t: Transform;
  t.rotation = q / len;
  t.position = t0.position + rounded3((t1.position - t0.position) * f);
  t.scale = t0.scale + rounded3((t1.scale - t0.scale) * f);
  return t;
}

// 3x4 row-major bone matrix [R(q) * diag(s) | t], as keyframe_bind builds it.
struct Rows {
  r0: vec4f,
  r1: vec4f,
  r2: vec4f,
}

fn bone_matrix(t: Transform) -> Rows {
  let q = t.rotation;
  let xx = rounded(q.x * q.x); let yy = rounded(q.y * q.y); let zz = rounded(q.z * q.z);
  let xy = rounded(q.x * q.y); let xz = rounded(q.x * q.z); let yz = rounded(q.y * q.z);
  let wx = rounded(q.w * q.x); let wy = rounded(q.w * q.y); let wz = rounded(q.w * q.z);
  let s = t.scale;
  let p = t.position;
  var m: Rows;
  // Every intermediate is rounded on its own, so no compiler may fuse or reassociate across it.
  m.r0 = vec4f(rounded(1.0 - 2.0 * rounded(yy + zz)) * s.x, 2.0 * rounded(xy - wz) * s.y, 2.0 * rounded(xz + wy) * s.z, p.x);
  m.r1 = vec4f(2.0 * rounded(xy + wz) * s.x, rounded(1.0 - 2.0 * rounded(xx + zz)) * s.y, 2.0 * rounded(yz - wx) * s.z, p.y);
  m.r2 = vec4f(2.0 * rounded(xz - wy) * s.x, 2.0 * rounded(yz + wx) * s.y, rounded(1.0 - 2.0 * rounded(xx + yy)) * s.z, p.z);
  return m;
}

fn identity_rows() -> Rows {
  return Rows(vec4f(1.0, 0.0, 0.0, 0.0), vec4f(0.0, 1.0, 0.0, 0.0), vec4f(0.0, 0.0, 1.0, 0.0));
}

// Bone matrix times an inverse bind matrix given column-major (c0, c1, c2, t), bottom row 0 0 0 1.
fn times_inverse_bind(m: Rows, c0: vec3f, c1: vec3f, c2: vec3f, t: vec3f) -> Rows {
  var o: Rows;
  o.r0 = row_times_columns(m.r0, c0, c1, c2, t);
  o.r1 = row_times_columns(m.r1, c0, c1, c2, t);
  o.r2 = row_times_columns(m.r2, c0, c1, c2, t);
  return o;
}

fn row_times_columns(r: vec4f, c0: vec3f, c1: vec3f, c2: vec3f, t: vec3f) -> vec4f {
  return vec4f(
    rounded(rounded(r.x * c0.x) + rounded(r.y * c0.y)) + rounded(r.z * c0.z),
    rounded(rounded(r.x * c1.x) + rounded(r.y * c1.y)) + rounded(r.z * c1.z),
    rounded(rounded(r.x * c2.x) + rounded(r.y * c2.y)) + rounded(r.z * c2.z),
    rounded(rounded(rounded(r.x * t.x) + rounded(r.y * t.y)) + rounded(r.z * t.z)) + r.w,
  );
}
