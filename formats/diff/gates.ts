/**
 * The CI gates of a diff: each threshold given is compared with the measure it bounds, and a
 * value above it (not at it) fails. A change of shape (counts that differ) fails any gate: what
 * was not compared cannot be said to be within bounds.
 */
import type { DiffGates } from './diffTypes';
import type { FileDiff } from './diffFiles';

export interface GateFailure {
  gate: 'max-angle' | 'max-position' | 'max-scale' | 'shape';
  /** The measured value (NaN for a change of shape). */
  value: number;
  limit: number;
  what: string;
}

/** The measures each gate bounds, per kind: [gate, value, what]. */
function measures(diff: FileDiff): [GateFailure['gate'], number, string][] {
  switch (diff.kind) {
    case 'clip':
      return [
        ['max-angle', diff.worst.rotation.value, 'rotation'],
        ['max-position', diff.worst.position.value, 'position'],
        ['max-scale', diff.worst.scale.value, 'scale ratio'],
      ];
    case 'skeleton':
      return [['max-position', diff.worst.translation.value, 'inverse bind translation']];
    case 'mesh':
      return [
        ['max-angle', diff.worst.normalAngle.value, 'normal angle'],
        ['max-position', diff.worst.position.value, 'vertex position'],
      ];
    case 'msh':
      return [
        ['max-angle', diff.worst.rotation.value, 'key rotation'],
        ['max-position', diff.worst.position.value, 'key position'],
      ];
  }
}

function limitOf(gates: DiffGates, gate: GateFailure['gate']): number | undefined {
  if (gate === 'max-angle') return gates.maxAngle;
  if (gate === 'max-position') return gates.maxPosition;
  if (gate === 'max-scale') return gates.maxScale;
  return undefined;
}

export function hasGates(gates: DiffGates): boolean {
  return gates.maxAngle !== undefined || gates.maxPosition !== undefined || gates.maxScale !== undefined;
}

/** Counts that differ between the two files, for the shape gate (size alone does not count). */
function shapeChanges(diff: FileDiff): string[] {
  const fields = diff.headerChanges.filter((c) => c.field !== 'size').map((c) => c.field);
  if (diff.kind === 'msh') for (const model of diff.models) fields.push(...model.headerChanges.map((c) => `model ${model.model} ${c.field}`));
  return fields;
}

/** The gates `diff` fails (empty: it passes, or no gate was given). */
export function gateFailures(diff: FileDiff, gates: DiffGates): GateFailure[] {
  if (!hasGates(gates)) return [];
  const failures: GateFailure[] = [];
  for (const [gate, value, what] of measures(diff)) {
    const limit = limitOf(gates, gate);
    if (limit !== undefined && value > limit) failures.push({ gate, value, limit, what });
  }
  const shape = shapeChanges(diff);
  if (shape.length > 0) failures.push({ gate: 'shape', value: NaN, limit: NaN, what: shape.join(', ') });
  return failures;
}
