// keyframe_bind on the GPU: decodes one frame (or blends two) of the clip's records, which lie
// in `clip` exactly as they are in the file, and writes per bone the model-space keyframe
// matrix (for gizmos) and the skinning matrix (times the inverse bind in skeleton mode), under
// one of the two rules of formats/keyframeBind.ts for bones the clip or the skeleton lacks:
// the design document's (identity) or the console's (the next records; zeros past the clip).
// Needs keyframe.wgsl prepended.

struct BoneParams {
  // Word index (in `clip`) of the first record of the frame shown, and of the frame blended towards.
  record_word0: u32,
  record_word1: u32,
  // 0 in stamp mode.
  blend: f32,
  clip_bones: u32,
  // 0 = raw mode (no skeleton bound).
  skeleton_bones: u32,
  // max(clip bones, skeleton bones, mesh bones): one invocation per output bone.
  out_bones: u32,
  // FLAG_BLENDED | FLAG_CONSOLE.
  flags: u32,
  // Always 0: see `rounded` in keyframe.wgsl.
  opaque_zero: u32,
}

const FLAG_BLENDED: u32 = 1u;
// The console's rule: a bone index reads record (frame * clip_bones + bone), wherever that lands.
const FLAG_CONSOLE: u32 = 2u;

@group(0) @binding(0) var<storage, read> clip: array<u32>;
// The skeleton file's bytes as they are: 2 header words, then 12 f32 per bone (column-major).
@group(0) @binding(1) var<storage, read> skeleton: array<f32>;
@group(0) @binding(2) var<uniform> params: BoneParams;
// Per bone 6 rows: model matrix rows 0..2, skinning matrix rows 3..5.
@group(0) @binding(3) var<storage, read_write> bones_out: array<vec4f>;

// The record with frame-major index `index` (frame * clip_bones + bone): four words after the 1-word header.
fn record_at(index: u32) -> Transform {
  let i = 1u + index * 4u;
  return decode_record(vec4u(clip[i], clip[i + 1u], clip[i + 2u], clip[i + 3u]));
}

// The bone matrix of record `index0`, blended towards record `index1` in blended mode.
fn keyframe_rows(index0: u32, index1: u32) -> Rows {
  var t = record_at(index0);
  if ((params.flags & FLAG_BLENDED) != 0u) {
    t = blend_transforms(t, record_at(index1), params.blend);
  }
  return bone_matrix(t);
}

fn zero_rows() -> Rows {
  return Rows(vec4f(0.0), vec4f(0.0), vec4f(0.0));
}

fn skeleton_times(m: Rows, bone: u32) -> Rows {
  let s = 2u + bone * 12u;
  return times_inverse_bind(m,
    vec3f(skeleton[s], skeleton[s + 1u], skeleton[s + 2u]),
    vec3f(skeleton[s + 3u], skeleton[s + 4u], skeleton[s + 5u]),
    vec3f(skeleton[s + 6u], skeleton[s + 7u], skeleton[s + 8u]),
    vec3f(skeleton[s + 9u], skeleton[s + 10u], skeleton[s + 11u]));
}

// The console's skinning matrix (keyframeBind.ts `skinningSource`, as the preview resolves it with
// only this skeleton and clip loaded: `aloneMatrix`). Past the clip the keyframe reads zeros, so
// the whole matrix is zero; an inverse bind read past the skeleton lands in the clip's records
// (frame-major from record 0), or zeros past them, which leaves only the keyframe's translation.
fn console_skin(bone: u32, first0: u32, first1: u32) -> Rows {
  let records = params.clip_bones * (clip[0] >> 16u);
  let k0 = first0 + bone;
  let k1 = first1 + bone;
  if (k0 >= records || ((params.flags & FLAG_BLENDED) != 0u && k1 >= records)) { return zero_rows(); }
  let key = keyframe_rows(k0, k1);
  if (params.skeleton_bones == 0u) { return key; }
  if (bone < params.skeleton_bones) { return skeleton_times(key, bone); }
  let past = bone - params.skeleton_bones;
  if (past >= records) {
    return Rows(vec4f(0.0, 0.0, 0.0, key.r0.w), vec4f(0.0, 0.0, 0.0, key.r1.w), vec4f(0.0, 0.0, 0.0, key.r2.w));
  }
  let ib = bone_matrix(record_at(past));
  return times_inverse_bind(key, vec3f(ib.r0.x, ib.r1.x, ib.r2.x), vec3f(ib.r0.y, ib.r1.y, ib.r2.y), vec3f(ib.r0.z, ib.r1.z, ib.r2.z), vec3f(ib.r0.w, ib.r1.w, ib.r2.w));
}

@compute @workgroup_size(64)
fn build_bones(@builtin(global_invocation_id) id: vec3u) {
  opaque_zero = params.opaque_zero;
  let bone = id.x;
  if (bone >= params.out_bones) { return; }
  // Record index of bone 0 of the frame shown and of the frame blended towards.
  let first0 = (params.record_word0 - 1u) / 4u;
  let first1 = (params.record_word1 - 1u) / 4u;
  var model = identity_rows();
  if (bone < params.clip_bones) {
    model = keyframe_rows(first0 + bone, first1 + bone);
  }
  var skin = model;
  if ((params.flags & FLAG_CONSOLE) != 0u) {
    skin = console_skin(bone, first0, first1);
  } else if (params.skeleton_bones > 0u) {
    // The design document: bones the clip or the skeleton lacks skin with the identity.
    skin = identity_rows();
    if (bone < params.clip_bones && bone < params.skeleton_bones) {
      skin = skeleton_times(model, bone);
    }
  }
  let o = bone * 6u;
  bones_out[o] = model.r0;
  bones_out[o + 1u] = model.r1;
  bones_out[o + 2u] = model.r2;
  bones_out[o + 3u] = skin.r0;
  bones_out[o + 4u] = skin.r1;
  bones_out[o + 5u] = skin.r2;
}
