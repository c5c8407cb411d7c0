/** A small valid pack in memory (every asset kind with a signature), shared by the rule tests. */
import { PackBuilder } from '../../../scripts/packBuilder';
import { clipBytes, PNG_HEAD, skeletonBytes, skinnedMeshBytes, WAV_HEAD } from './assetBytes';

function craftedPack(): PackBuilder {
  return new PackBuilder({ id: 'demo', title: 'Demo', author: 'Me', version: '0.1.0' })
    .asset({ section: 'textures', id: 'hero_tex', path: 'tex/hero.png', content: PNG_HEAD })
    .asset({ section: 'meshes', id: 'hero', path: 'mesh/hero.nczxmesh', content: skinnedMeshBytes(2) })
    .asset({ section: 'skeletons', id: 'hero_skel', path: 'skel/hero.nczxskel', content: skeletonBytes(3) })
    .asset({ section: 'animations', id: 'walk', path: 'anim/walk.nczxanim', content: clipBytes(3) })
    .asset({ section: 'sounds', id: 'jump', path: 'sfx/jump.wav', content: WAV_HEAD })
    .asset({ section: 'trackers', id: 'song', path: 'music/song.xm', content: 'Extended Module: song' });
}

/** The pack's nether.toml, which the tests edit as text. */
export const BASE = craftedPack().manifest();

/** The pack's asset files under /pack/ (the manifest not included: each test writes its own). */
export function basePack(): Record<string, Uint8Array | string> {
  return craftedPack().files('/pack/', { manifest: false });
}

/** An edit of `BASE` (and files added to `basePack`) that a case of a rule test checks. */
export interface PackChange {
  name: string;
  change: (text: string) => string;
  files?: Record<string, Uint8Array | string>;
}

/** Edits that make each kind of manifest problem once (and none: the valid pack), for tests that compare two ways of checking. */
export const PACK_CHANGES: readonly PackChange[] = [
  { name: 'the valid pack', change: (t) => t },
  { name: 'a missing file', change: (t) => t.replace('sfx/jump.wav', 'sfx/missing.wav') },
  { name: 'PNG bytes in a .wav', change: (t) => t.replace('sfx/jump.wav', 'sfx/fake.wav'), files: { '/pack/sfx/fake.wav': PNG_HEAD } },
  { name: 'a key of the wrong type and an unknown key', change: (t) => t.replace('version = "0.1.0"', 'version = 1\nversoin = "x"') },
  { name: 'a clip linked to no skeleton of its id', change: (t) => t.replace('id = "walk"', 'id = "walk"\nskeleton = "hero_skl"') },
];
