/**
 * The one conversion from the core's clip diff (`formats/diff/`: `diffClips` and
 * `clipChannelGrids`) to the clip diff webview's wire types (`protocol/clipDiff.ts`), field by
 * field; the grids travel as Float64Arrays (a webview message carries them without JSON).
 */
import type { ChannelTotals, ClipDiff, ClipShape } from '../../formats/diff/clipDiff';
import type { ClipChannelGrids } from '../../formats/diff/clipChannelGrids';
import { diffDocument } from '../../formats/diff/diffDocument';
import type { Extreme } from '../../formats/diff/diffTypes';
import type { ChannelTotalsWire, ClipDiffSideWire, ClipDiffViewWire, DiffExtremeWire } from '../clipDiff';
import { withoutUndefined } from './plain';

export interface ClipDiffSources {
  labels: { a: string; b: string };
  boneNames?: string[];
}

const side = (shape: ClipShape, label: string): ClipDiffSideWire => ({ label, boneCount: shape.boneCount, frameCount: shape.frameCount, size: shape.size });
const totals = (t: ChannelTotals): ChannelTotalsWire => ({ max: t.max, mean: t.mean, maxFrame: t.maxFrame });
const extreme = (e: Extreme): DiffExtremeWire => ({ value: e.value, bone: e.index, frame: e.frame });

export function clipDiffViewWire(diff: ClipDiff, grids: ClipChannelGrids, sources: ClipDiffSources): ClipDiffViewWire {
  const { labels } = sources;
  return withoutUndefined({
    a: side(diff.a, labels.a),
    b: side(diff.b, labels.b),
    boneNames: sources.boneNames,
    compared: { boneCount: diff.compared.boneCount, frameCount: diff.compared.frameCount },
    summary: diffDocument(diff, { names: labels }).lines,
    identical: diff.identical,
    changedKeyframes: diff.changedKeyframes,
    changedBones: [...diff.changedBones],
    worst: { rotation: extreme(diff.worst.rotation), position: extreme(diff.worst.position), scale: extreme(diff.worst.scale) },
    bones: diff.bones.map((b) => ({ bone: b.bone, changedKeyframes: b.changedKeyframes, rotation: totals(b.rotation), position: totals(b.position), scale: totals(b.scale) })),
    grids: {
      bones: grids.bones,
      columns: grids.columns,
      frameStarts: [...grids.frameStarts],
      rotation: Float64Array.from(grids.rotation),
      position: Float64Array.from(grids.position),
      scale: Float64Array.from(grids.scale),
    },
  });
}
