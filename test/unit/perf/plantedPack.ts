/** A small pack with a problem of each family the check and the manifest report. */
import { PackBuilder } from '../../../scripts/packBuilder';
import { IDENTITY_RECORD, uniformClip } from '../cli/cliHarness';
import { chainClip, chainSkeleton, poppedClip } from '../motion/plantedClips';

/** A clip whose second record has a NaN position x: one error. */
function clipWithNaN(): Uint8Array {
  const bytes = uniformClip(3, 4, IDENTITY_RECORD);
  bytes.set([0x00, 0x7e], 4 + 16 + 4);
  return bytes;
}

/** A manifest, a skeleton, a local-space clip, a model-space one, a broken one and one with a pop. */
export function plantedPack(): Record<string, Uint8Array | string> {
  const linked = { skeleton: 'hero_skel' };
  return new PackBuilder({ id: 'read-once', title: 'Read once', author: 'ewzanim', version: '1.0.0' })
    .asset({ section: 'skeletons', id: 'hero_skel', path: 'skel/hero.nczxskel', content: chainSkeleton() })
    .asset({ section: 'animations', id: 'walk', path: 'anim/walk.nczxanim', keys: linked, content: chainClip('local') })
    .asset({ section: 'animations', id: 'swing', path: 'anim/swing.nczxanim', keys: linked, content: chainClip('model') })
    .asset({ section: 'animations', id: 'broken', path: 'anim/broken.nczxanim', keys: linked, content: clipWithNaN() })
    .asset({ section: 'animations', id: 'pop', path: 'anim/pop.nczxanim', content: poppedClip() })
    .files();
}
