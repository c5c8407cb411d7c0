/** The preview's words about a scene: the assets line and the bone-count banner. No DOM. */
import { describeMismatch } from '../../../formats/keyframeBind';
import type { PreviewScene } from '../scene';

export function describeAssets(scene: PreviewScene, linkSource?: string): string {
  const mesh = scene.mesh;
  return [
    `${scene.clip.name}: ${scene.clip.bones} bones x ${scene.clip.frames} frames`,
    scene.skeleton ? `skeleton ${scene.skeleton.name} (${scene.skeleton.bones})` : 'raw mode (no skeleton)',
    mesh ? `mesh ${mesh.name} (${mesh.header.vertexCount} vertices, ${mesh.geometry.normalSource === 'mesh' ? 'its normals' : 'computed normals'})` : 'no mesh',
    linkSource ?? '',
  ].filter(Boolean).join(' \u00b7 ');
}

/** Why the two bone-count rules draw this scene differently (empty when they agree). */
export function describeBoneCounts(scene: PreviewScene): string[] {
  const used = scene.mesh?.skinned ? scene.mesh.geometry.usedBones : [];
  return describeMismatch({ clipBones: scene.clip.bones, frameCount: scene.clip.frames, skeletonBones: scene.skeleton?.bones ?? 0 }, used);
}
