/** A small valid pack in memory (every asset kind with a signature), shared by the rule tests. */
import { clipBytes, PNG_HEAD, skeletonBytes, skinnedMeshBytes, WAV_HEAD } from './assetBytes';

export const BASE = `[game]
id = "demo"
title = "Demo"
author = "Me"
version = "0.1.0"

[[assets.textures]]
id = "hero_tex"
path = "tex/hero.png"

[[assets.meshes]]
id = "hero"
path = "mesh/hero.nczxmesh"

[[assets.skeletons]]
id = "hero_skel"
path = "skel/hero.nczxskel"

[[assets.animations]]
id = "walk"
path = "anim/walk.nczxanim"

[[assets.sounds]]
id = "jump"
path = "sfx/jump.wav"

[[assets.trackers]]
id = "song"
path = "music/song.xm"
`;

export function basePack(): Record<string, Uint8Array | string> {
  return {
    '/pack/tex/hero.png': PNG_HEAD,
    '/pack/mesh/hero.nczxmesh': skinnedMeshBytes(2),
    '/pack/skel/hero.nczxskel': skeletonBytes(3),
    '/pack/anim/walk.nczxanim': clipBytes(3),
    '/pack/sfx/jump.wav': WAV_HEAD,
    '/pack/music/song.xm': 'Extended Module: song',
  };
}
