/**
 * uPlot's `linear` path for the Curves' lines, point for point, with each point's x pixel worked
 * out once per draw for all the lines of a plot (they share their frames: 32 lines of 2 points a
 * pixel column with 8 bones) instead of once per line, and the y pixel inline. A line with a gap
 * (a non-finite value), or more than 4 points a pixel (uPlot then merges a column's points), is
 * left to uPlot's own builder, so what is drawn is the same in every case.
 */
import uPlot from 'uplot';

/** uPlot's paths flag for a band's clip applied to the fill (what `linear` returns). */
const BAND_CLIP_FILL = 1;

export function sharedXLinearPaths(): uPlot.Series.PathBuilder {
  const linear = uPlot.paths.linear!();
  let xs = new Float64Array(0);
  let cachedFor: { data: unknown; min: number; max: number; left: number; width: number } | undefined;
  return (u, seriesIdx, idx0, idx1) => {
    const dataX = u.data[0] as readonly number[];
    const dataY = u.data[seriesIdx] as readonly (number | null | undefined)[];
    const x = u.scales.x;
    const y = u.scales[u.series[seriesIdx].scale ?? 'y'];
    const { left, top, width, height } = u.bbox;
    if (idx0 < 0 || idx1 < idx0 || idx1 >= dataX.length || idx1 - idx0 >= width * 4 || x.min == null || x.max == null || y?.min == null || y.max == null || x.distr !== 1 || y.distr !== 1 || x.ori !== 0 || x.dir !== 1 || y.dir !== 1) {
      return linear(u, seriesIdx, idx0, idx1);
    }
    for (let i = idx0; i <= idx1; i++) if (dataY[i] == null) return linear(u, seriesIdx, idx0, idx1);
    if (cachedFor?.data !== dataX || cachedFor.min !== x.min || cachedFor.max !== x.max || cachedFor.left !== left || cachedFor.width !== width) {
      // uPlot's valToPosH: left + width · pct, rounded to the pixel (pxAlign 1).
      const delta = x.max - x.min;
      if (xs.length < dataX.length) xs = new Float64Array(dataX.length);
      for (let i = 0; i < dataX.length; i++) xs[i] = Math.round(left + width * ((dataX[i] - x.min) / delta));
      cachedFor = { data: dataX, min: x.min, max: x.max, left, width };
    }
    const stroke = new Path2D();
    const yMin = y.min;
    const yDelta = y.max - y.min;
    // uPlot's valToPosV: top + height · (1 - pct).
    for (let i = idx0; i <= idx1; i++) stroke.lineTo(xs[i], Math.round(top + height * (1 - ((dataY[i] as number) - yMin) / yDelta)));
    return { stroke, fill: null, clip: null, band: null, gaps: [], flags: BAND_CLIP_FILL };
  };
}
