// Baseline for the GPU bench: the memory bandwidth a plain copy reaches on the same device.
@group(0) @binding(0) var<storage, read> source: array<vec4u>;
@group(0) @binding(1) var<storage, read_write> destination: array<vec4u>;

// Invocations per workgroup (the bench's grid is computed for the same value).
override bench_workgroup_size: u32 = 256;

@compute @workgroup_size(bench_workgroup_size)
fn copy(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32, @builtin(num_workgroups) groups: vec3u) {
  let i = (group.y * groups.x + group.x) * bench_workgroup_size + lane;
  if (i >= arrayLength(&destination)) { return; }
  destination[i] = source[i];
}
