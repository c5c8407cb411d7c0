/**
 * Euler angles made continuous along frames for drawing, as Blender's Graph Editor does after
 * "Discontinuity (Euler) Filter": each frame's angles (the hover's convention, each in ±180°)
 * are moved by whole turns, or swapped for the same rotation's other Euler triple
 * (x + 180°, 180° - y, z + 180°), whichever lies nearest the previous frame's. A turn through
 * ±180° then draws as a line that carries on past 180° instead of a vertical jump. The drawn
 * rotation is the same at every frame; only the readout keeps the hover's values. Pure.
 */

/** Degrees in a turn. */
const TURN = 360;

/** `angle` moved by whole turns to lie within half a turn of `near`. */
export function nearestTurn(angle: number, near: number): number {
  return angle + TURN * Math.round((near - angle) / TURN);
}

/**
 * Unwrapped copies of the Euler channels `x`, `y`, `z` (degrees, one value per frame). A frame
 * whose angles are not finite is copied as it is and the next frame follows the last finite one.
 */
export function unwrapEulerDegrees(x: Float64Array, y: Float64Array, z: Float64Array): [Float64Array, Float64Array, Float64Array] {
  const ux = new Float64Array(x.length);
  const uy = new Float64Array(y.length);
  const uz = new Float64Array(z.length);
  let px = NaN, py = NaN, pz = NaN;
  for (let i = 0; i < x.length; i++) {
    const ax = x[i], ay = y[i], az = z[i];
    if (!(Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(az)) || !Number.isFinite(px)) {
      ux[i] = ax; uy[i] = ay; uz[i] = az;
      if (Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(az)) { px = ax; py = ay; pz = az; }
      continue;
    }
    // The same rotation, as written directly, and as its other Euler triple.
    const sx = nearestTurn(ax, px), sy = nearestTurn(ay, py), sz = nearestTurn(az, pz);
    const ox = nearestTurn(ax + TURN / 2, px), oy = nearestTurn(TURN / 2 - ay, py), oz = nearestTurn(az + TURN / 2, pz);
    const same = Math.abs(sx - px) + Math.abs(sy - py) + Math.abs(sz - pz);
    const other = Math.abs(ox - px) + Math.abs(oy - py) + Math.abs(oz - pz);
    const flip = other < same;
    px = flip ? ox : sx; py = flip ? oy : sy; pz = flip ? oz : sz;
    ux[i] = px; uy[i] = py; uz[i] = pz;
  }
  return [ux, uy, uz];
}
