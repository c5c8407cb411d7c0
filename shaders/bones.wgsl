// keyframe_bind on the GPU: decodes one frame (or blends two) of the clip's records, which lie
// in `clip` exactly as they are in the file, and writes per bone the model-space keyframe
// matrix (for gizmos) and the skinning matrix (times the inverse bind in skeleton mode).
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
  // max(clip_bones, skeleton_bones): one invocation per output bone.
  out_bones: u32,
  blended: u32,
  // Always 0: see `rounded` in keyframe.wgsl.
  opaque_zero: u32,
}

@group(0) @binding(0) var<storage, read> clip: array<u32>;
// The skeleton file's bytes as they are: 2 header words, then 12 f32 per bone (column-major).
@group(0) @binding(1) var<storage, read> skeleton: array<f32>;
@group(0) @binding(2) var<uniform> params: BoneParams;
// Per bone 6 rows: model matrix rows 0..2, skinning matrix rows 3..5.
@group(0) @binding(3) var<storage, read_write> bones_out: array<vec4f>;

fn record_words(first: u32, bone: u32) -> vec4u {
  let i = first + bone * 4u;
  return vec4u(clip[i], clip[i + 1u], clip[i + 2u], clip[i + 3u]);
}

@compute @workgroup_size(64)
fn build_bones(@builtin(global_invocation_id) id: vec3u) {
  opaque_zero = params.opaque_zero;
  let bone = id.x;
  if (bone >= params.out_bones) { return; }
  var model = identity_rows();
  if (bone < params.clip_bones) {
    var t = decode_record(record_words(params.record_word0, bone));
    if (params.blended != 0u) {
      t = blend_transforms(t, decode_record(record_words(params.record_word1, bone)), params.blend);
    }
    model = bone_matrix(t);
  }
  var skin = model;
  if (params.skeleton_bones > 0u) {
    skin = identity_rows();
    if (bone < params.clip_bones && bone < params.skeleton_bones) {
      let s = 2u + bone * 12u;
      skin = times_inverse_bind(model,
        vec3f(skeleton[s], skeleton[s + 1u], skeleton[s + 2u]),
        vec3f(skeleton[s + 3u], skeleton[s + 4u], skeleton[s + 5u]),
        vec3f(skeleton[s + 6u], skeleton[s + 7u], skeleton[s + 8u]),
        vec3f(skeleton[s + 9u], skeleton[s + 10u], skeleton[s + 11u]));
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
