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
