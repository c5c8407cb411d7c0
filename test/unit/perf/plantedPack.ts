/** A small pack with a problem of each family the check and the manifest report. */
import { IDENTITY_RECORD, uniformClip } from '../cli/cliHarness';
import { chainClip, chainSkeleton, poppedClip } from '../motion/plantedClips';

/** A clip whose second record has a NaN position x: one error. */
function clipWithNaN(): Uint8Array {
  const bytes = uniformClip(3, 4, IDENTITY_RECORD);
  bytes.set([0x00, 0x7e], 4 + 16 + 4);
  return bytes;
}

const MANIFEST = `[game]
id = "read-once"
title = "Read once"
author = "ewzanim"
version = "1.0.0"

[[assets.skeletons]]
id = "hero_skel"
path = "skel/hero.nczxskel"

[[assets.animations]]
id = "walk"
path = "anim/walk.nczxanim"
skeleton = "hero_skel"

[[assets.animations]]
id = "swing"
path = "anim/swing.nczxanim"
skeleton = "hero_skel"

[[assets.animations]]
id = "broken"
path = "anim/broken.nczxanim"
skeleton = "hero_skel"

[[assets.animations]]
id = "pop"
path = "anim/pop.nczxanim"
`;

/** A manifest, a skeleton, a local-space clip, a model-space one, a broken one and one with a pop. */
export function plantedPack(): Record<string, Uint8Array | string> {
  return {
    'nether.toml': MANIFEST,
    'skel/hero.nczxskel': chainSkeleton(),
    'anim/walk.nczxanim': chainClip('local'),
    'anim/swing.nczxanim': chainClip('model'),
    'anim/broken.nczxanim': clipWithNaN(),
    'anim/pop.nczxanim': poppedClip(),
  };
}

