/**
 * How two RGBA images of one size are compared, by the GPU suite's golden images and the web
 * suite's: a channel may differ by `CHANNEL_TOLERANCE`/255; a pixel counts as off when no pixel
 * within one pixel of the same place in the other image is that close, in either direction (two
 * rasterisers place one-pixel lines and triangle edges up to a pixel apart, but a line present in
 * one and missing in the other is still off). How many pixels may be off is each suite's call.
 */
export const CHANNEL_TOLERANCE = 8;

/** Largest channel difference between pixel `p` of `a` and pixel `q` of `b`. */
function channelDistance(a: Uint8Array, p: number, b: Uint8Array, q: number): number {
  return Math.max(Math.abs(a[p] - b[q]), Math.abs(a[p + 1] - b[q + 1]), Math.abs(a[p + 2] - b[q + 2]));
}

/** Whether some pixel of `b` within one pixel of (x, y) is within the tolerance of `a`'s pixel there. */
function nearMatch(a: Uint8Array, b: Uint8Array, x: number, y: number, width: number, height: number): boolean {
  const p = (y * width + x) * 4;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      if (channelDistance(a, p, b, (ny * width + nx) * 4) <= CHANNEL_TOLERANCE) return true;
    }
  }
  return false;
}

/** Pixels off (see the file comment) and the largest same-place channel difference of two `width` x `height` images. */
export function imageDifference(a: Uint8Array, b: Uint8Array, width: number, height: number): { off: number; worst: number } {
  let off = 0;
  let worst = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const d = channelDistance(a, p, b, p);
      worst = Math.max(worst, d);
      if (d > CHANNEL_TOLERANCE && (!nearMatch(a, b, x, y, width, height) || !nearMatch(b, a, x, y, width, height))) off++;
    }
  }
  return { off, worst };
}
