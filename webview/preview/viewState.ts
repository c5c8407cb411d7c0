/** The ViewState a frame is drawn with, from the camera, the scene and the UI's choices (the panel, tests and benches). */
import type { OrbitCamera } from './camera';
import type { Palette, ViewState, Visibility } from './renderer';
import { sceneScale, type PreviewScene } from './scene';

export const DEFAULT_VISIBILITY: Visibility = { mesh: true, wireframe: false, bones: true, axes: false, grid: true };

export function viewState(
  camera: OrbitCamera,
  scene: PreviewScene,
  target: { width: number; height: number; zeroToOneDepth: boolean },
  choices: { palette: Palette; show?: Visibility; selectedBone?: number; hoveredBone?: number },
): ViewState {
  return {
    viewProjection: camera.viewProjection(target.width / target.height, target.zeroToOneDepth),
    eye: camera.eyePosition(),
    light: camera.lightDirection(),
    gizmoLength: sceneScale(scene.bounds) * 0.6,
    selectedBone: choices.selectedBone ?? -1,
    hoveredBone: choices.hoveredBone ?? -1,
    palette: choices.palette,
    show: choices.show ?? DEFAULT_VISIBILITY,
  };
}
