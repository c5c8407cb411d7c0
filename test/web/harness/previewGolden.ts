/**
 * The web preview's canvas against a reviewed golden image (test/gpu/golden/), as the GPU suite
 * compares its frames: the viewport is set to a fixed 256 x 256 CSS pixels (device pixel ratio 1),
 * the camera fitted to it with the preview's own Fit button, the frame fixed by the caller; the
 * pixels are the renderer's own (`readPixels`), not a screenshot. Set EWZANIM_UPDATE_GOLDEN=1 to
 * rewrite the image (then look at it before committing). Tolerance: the GPU suite's per pixel
 * (test/gpu/imageDifference.ts), but at most 13 pixels off (0.02%), not its 0.5%: that allowance
 * is for WebGPU against WebGL2, and here the golden comes from the same renderer (0 pixels off,
 * worst channel difference 0, run after run), while the creature's shoulder turned 10° in every
 * frame is 32 pixels off, under 0.5% (327).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { CHANNEL_TOLERANCE, imageDifference } from '../../gpu/imageDifference';
import { decodePng, encodePng } from '../../gpu/png';
import { REPO_ROOT } from '../../e2e/harness/tools';

export const GOLDEN_SIZE = 256;
const MAX_OFF_FRACTION = 0.0002;
const GOLDEN_FOLDER = join(REPO_ROOT, 'test', 'gpu', 'golden');

interface Image { width: number; height: number; rgba: Uint8Array }

type PreviewWindow = { ewzanimPreview: { readPixels(): Promise<Uint8Array>; currentFrame: number } };

/** Fixes the viewport's size, fits the camera to it and waits until the canvas has that size and two reads agree. */
export async function fixedSizeCanvas(frame: Frame, timeoutMs: number): Promise<Image> {
  await frame.evaluate((size) => {
    const viewport = document.getElementById('viewport')!;
    Object.assign(viewport.style, { flex: 'none', width: `${size}px`, height: `${size}px` });
  }, GOLDEN_SIZE);
  let previous: number[] | undefined;
  for (const started = Date.now(); Date.now() - started < timeoutMs; await frame.waitForTimeout(250)) {
    // Fit after the size took effect (the camera fits the viewport's aspect at the time).
    await frame.evaluate(() => document.getElementById('fit')!.click());
    await frame.waitForTimeout(250);
    const read = await frame.evaluate(async () => {
      const canvas = document.querySelector<HTMLCanvasElement>('#viewport canvas');
      const app = (window as unknown as PreviewWindow).ewzanimPreview;
      return { width: canvas?.width ?? 0, height: canvas?.height ?? 0, frame: app.currentFrame, rgba: Array.from(await app.readPixels()) };
    });
    if (read.frame !== 0) throw new Error(`the preview shows frame ${read.frame}, not frame 0`);
    const sized = read.width === GOLDEN_SIZE && read.height === GOLDEN_SIZE && read.rgba.length === GOLDEN_SIZE * GOLDEN_SIZE * 4;
    if (sized && previous && previous.every((v, i) => v === read.rgba[i])) return { width: read.width, height: read.height, rgba: Uint8Array.from(read.rgba) };
    previous = sized ? read.rgba : undefined;
  }
  throw new Error(`the preview's canvas did not settle at ${GOLDEN_SIZE} x ${GOLDEN_SIZE} within ${timeoutMs} ms`);
}


/** Throws unless `image` matches golden/`name`.png; writes golden/actual-`name`.png when it does not. */
export function assertMatchesGolden(image: Image, name: string): { off: number; worst: number } {
  const path = join(GOLDEN_FOLDER, `${name}.png`);
  if (process.env.EWZANIM_UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, encodePng(image.width, image.height, image.rgba));
  const golden = decodePng(readFileSync(path));
  if (golden.width !== image.width || golden.height !== image.height) throw new Error(`${name}: golden ${golden.width} x ${golden.height}, canvas ${image.width} x ${image.height}`);
  const result = imageDifference(image.rgba, golden.rgba, image.width, image.height);
  const allowed = Math.floor(image.width * image.height * MAX_OFF_FRACTION);
  if (result.off > allowed) {
    writeFileSync(join(GOLDEN_FOLDER, `actual-${name}.png`), encodePng(image.width, image.height, image.rgba));
    throw new Error(`${name}: ${result.off} pixels differ by more than ${CHANNEL_TOLERANCE}/255 (allowed ${allowed}); worst ${result.worst}. Wrote golden/actual-${name}.png`);
  }
  return result;
}
