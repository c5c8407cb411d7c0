/**
 * The labelled set the motion rules are measured on: every clip exported from every skinned
 * glTF fixture (test/fixtures/gltf: every animation, every skin it can drive, model and local
 * space, 30 and 60 fps) with the skeleton of the same skin, plus upstream's real clips and
 * skeletons. A clip whose two spaces come out byte for byte equal (the joints' parents never
 * move) is labelled model space once: it draws right either way.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exportAnimationBytes, exportSkeleton } from '../../../formats/gltf/index';
import { loadGltfDocument } from '../../../formats/gltf/load';
import { nodeFileAccess } from '../../../node/fileAccess';

const GLTF = resolve('test/fixtures/gltf');
const UPSTREAM = resolve('test/fixtures/upstream');

/** The skinned models of test/fixtures/gltf (InterpolationTest has no skin). */
export const SKINNED_GLTF = ['RiggedSimple/RiggedSimple.glb', 'RiggedFigure/RiggedFigure.glb', 'Fox/Fox.glb', 'SimpleSkin/SimpleSkin.gltf', 'SimpleSkinStep/gltf_simple_skin_step.gltf', 'RecursiveSkeletons/RecursiveSkeletons.glb'];

export interface LabelledClip {
  name: string;
  space: 'model' | 'local';
  frameRate: number;
  clip: Uint8Array;
  /** The skeleton of the clip's skin (absent for upstream clips without a matching real skeleton). */
  skeleton?: Uint8Array;
}

export async function labelledClips(frameRates: readonly number[] = [30]): Promise<LabelledClip[]> {
  const out: LabelledClip[] = [];
  for (const file of SKINNED_GLTF) {
    const path = join(GLTF, file);
    const document = await loadGltfDocument(nodeFileAccess, path, statSync(path).size);
    const animations = document.getRoot().listAnimations();
    const skins = document.getRoot().listSkins();
    for (let animation = 0; animation < animations.length; animation++) {
      for (let skin = 0; skin < skins.length; skin++) {
        const skeleton = exportSkeleton(document, { skin }).bytes;
        for (const frameRate of frameRates) {
          const name = `${file} #${animation} "${animations[animation].getName()}" skin ${skin} ${frameRate} fps`;
          let model: Uint8Array, local: Uint8Array;
          try {
            model = exportAnimationBytes(document, { animation, skin, frameRate, space: 'model' }).bytes;
            local = exportAnimationBytes(document, { animation, skin, frameRate, space: 'local' }).bytes;
          } catch {
            continue; // the animation drives none of this skin's joints
          }
          out.push({ name, space: 'model', frameRate, clip: model, skeleton });
          if (Buffer.compare(Buffer.from(model), Buffer.from(local)) !== 0) out.push({ name, space: 'local', frameRate, clip: local, skeleton });
        }
      }
    }
  }
  for (const [clip, skeleton] of [['animation-demo/assets/wave.ewzanim', undefined], ['multi-skinned-rom/assets/wave1.ewzanim', 'arm1'], ['multi-skinned-rom/assets/wave2.ewzanim', 'arm2']] as const) {
    out.push({
      name: `upstream ${clip}`,
      space: 'model',
      frameRate: 30,
      clip: Uint8Array.from(readFileSync(join(UPSTREAM, clip))),
      ...(skeleton ? { skeleton: Uint8Array.from(readFileSync(join(UPSTREAM, `multi-skinned-rom/assets/${skeleton}.ewzskel`))) } : {}),
    });
  }
  return out;
}
