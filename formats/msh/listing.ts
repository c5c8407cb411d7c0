/**
 * The text listing of an NRes file's models (what the keyframe listing shows for a clip): per
 * model its nodes (parent, track of keys start..fallback, map start, frame count), its keys
 * (time, position, decoded quaternion w x y z, norm, axis-angle, stored i16) and every node's
 * sampled pose at one frame; a window is one frame, so the listing's next/previous window steps
 * through the animation. Each line knows what it shows (`MshListingLine`), so a hover on it is
 * answered from the same views.
 */
import type { ByteSource } from '../fileAccess';
import { formatDecimals, formatFixed } from '../numberText';
import type { Vec3 } from '../records';
import { type MshAnimation, readMshAnimation } from './animation';
import { type MshFileLayout, type MshModelLayout, openMshFile } from './model';
import { MSH_SAMPLING_CAVEAT, type MshSample, sampleMshNode } from './sampling';
import { type MshKeyView, type MshNodeView, mshNodeView, readMshKeyViews } from './views';

/** Keys listed per model; `ewzanim dump --keys` prints the rest. */
export const MSH_LISTING_KEYS = 2000;

/** What one line of the listing shows. */
export type MshListingLine =
  | { kind: 'model'; model: number }
  | { kind: 'node'; model: number; node: number }
  | { kind: 'key'; model: number; key: number }
  | { kind: 'pose'; model: number; node: number; frame: number };

export interface MshListing {
  text: string;
  /** One entry per line of `text` (undefined for titles and blank lines). */
  lines: (MshListingLine | undefined)[];
  /** The frame posed (clamped to the longest model's frames). */
  frame: number;
  /** Frames of the longest model (the listing's window count). */
  totalFrames: number;
}

/** An f32 of the listing: 6 decimals at most, no trailing zeros. */
const mshNumber = (value: number): string => formatFixed(value, 6);

/** `(x, y, z)` with `decimals` places at most (6: values, 4: a rotation axis). */
const vector = (values: readonly number[], decimals = 6): string => `(${values.map((v) => formatFixed(v, decimals)).join(', ')})`;

export function nodeLine(view: MshNodeView): string {
  const name = view.name !== undefined ? ` "${view.name}"` : '';
  const keys = view.track.keys > 0 ? `keys ${view.track.start}..${view.track.end} (${view.track.keys})` : `no keys (fallback ${view.fallback})`;
  const map = view.mapStart !== undefined ? `map from word ${view.mapStart}, ${view.frameCount} frames` : 'static (no map)';
  return `node ${view.node}${name}  parent ${view.parent ?? '-'}  ${keys}  ${map}`;
}

export function keyLine(view: MshKeyView): string {
  return (
    `key ${view.key}  node ${view.node ?? '-'}  t ${mshNumber(view.time)}  p ${vector(view.position)}  q(w x y z) ${vector(view.quaternion)}` +
    `  |q| ${formatDecimals(view.norm, 6)}  ${formatDecimals(view.angleDeg, 3)}° about ${vector(view.axis, 4)}  stored ${view.stored.join(' ')}`
  );
}

/** How a sample was found, in words. */
export function sampleText(sample: MshSample): string {
  switch (sample.kind) {
    case 'exact':
      return `key ${sample.key} (exact time)`;
    case 'interpolated':
      return `keys ${sample.key0}..${sample.key1} at ${mshNumber(sample.alpha)}`;
    case 'fallback':
      return `fallback key ${sample.key} (${sample.reason.replace(/-/g, ' ')})`;
    case 'out-of-bounds':
      return `out of bounds: ${sample.what}`;
  }
}

export function poseLine(node: number, frame: number, sample: MshSample): string {
  const where = `pose ${node} @ frame ${frame}  frame index ${sample.frame}  ${sampleText(sample)}`;
  if (sample.kind === 'out-of-bounds') return where;
  const p: Vec3 = sample.pose.position;
  return `${where}  p ${vector(p)}  q(w x y z) ${vector(sample.pose.rotation)}`;
}

async function modelSection(source: ByteSource, model: MshModelLayout, frame: number, out: { text: string[]; lines: (MshListingLine | undefined)[] }): Promise<void> {
  const push = (text: string, line?: MshListingLine): void => {
    out.text.push(text);
    out.lines.push(line);
  };
  push(`model ${model.index} "${model.name}": ${model.nodeCount} nodes, ${model.keyCount} keys, ${model.frameCount} frames${model.animated ? '' : ' (not posable)'}`, { kind: 'model', model: model.index });
  for (let node = 0; node < model.nodeCount; node++) {
    const view = mshNodeView(model, node);
    if (view) push(nodeLine(view), { kind: 'node', model: model.index, node });
  }
  const keys = await readMshKeyViews(source, model, { start: 0, end: MSH_LISTING_KEYS });
  for (const key of keys) push(keyLine(key), { kind: 'key', model: model.index, key: key.key });
  if (model.keyCount > keys.length) push(`... ${model.keyCount - keys.length} more keys (ewzanim dump --model ${model.index} --keys ${keys.length}:)`);
  const animation: MshAnimation | undefined = model.animated ? await readMshAnimation(source, model) : undefined;
  if (animation) {
    const posed = Math.min(frame, Math.max(0, model.frameCount - 1));
    for (let node = 0; node < model.nodeCount; node++) push(poseLine(node, posed, sampleMshNode(animation, node, posed)), { kind: 'pose', model: model.index, node, frame: posed });
  }
  push('');
}

/** The listing of every model of `layout`, posed at `frame`. */
export async function mshListingOf(source: ByteSource, layout: MshFileLayout, name: string, frame: number): Promise<MshListing> {
  const totalFrames = Math.max(0, ...layout.models.map((m) => m.frameCount));
  const posed = Math.max(0, Math.min(Math.floor(frame), totalFrames - 1));
  const out = { text: [] as string[], lines: [] as (MshListingLine | undefined)[] };
  out.text.push(`${name}: ${layout.models.length} model${layout.models.length === 1 ? '' : 's'}, poses at frame ${posed} of ${totalFrames} (${MSH_SAMPLING_CAVEAT})`, '');
  out.lines.push(undefined, undefined);
  if (layout.container === 'rsli') {
    out.text.push('An RsLi container: encrypted and compressed, out of scope (not read).');
    out.lines.push(undefined);
  }
  for (const model of layout.models) await modelSection(source, model, posed, out);
  return { text: out.text.join('\n') + '\n', lines: out.lines, frame: posed, totalFrames };
}

/** `mshListingOf` for a source: opens it first. */
export async function mshListing(source: ByteSource, name: string, frame: number): Promise<MshListing> {
  const { layout } = await openMshFile(source);
  return mshListingOf(source, layout, name, frame);
}

function table(rows: [string, string][]): string {
  return ['| | |', '|---|---|', ...rows.map(([label, value]) => `| ${label} | ${value.replace(/\|/g, '\\|')} |`)].join('\n');
}

/** Markdown for a hover on a listing line: the node, key or pose it shows, in labelled rows. */
export async function mshLineMarkdown(source: ByteSource, layout: MshFileLayout, line: MshListingLine): Promise<string | undefined> {
  const model = layout.models[line.model];
  if (!model) return undefined;
  switch (line.kind) {
    case 'model':
      return `**Model ${model.index}** "${model.name}"\n\n${table([
        ['bytes', `${model.blob.base}..${model.blob.base + model.blob.length}`],
        ['nodes', String(model.nodeCount)],
        ['keys', String(model.keyCount)],
        ['frames', String(model.frameCount)],
        ['map words', String(model.wordCount)],
      ])}`;
    case 'node': {
      const view = mshNodeView(model, line.node);
      if (!view) return undefined;
      return `**Node ${view.node}**${view.name !== undefined ? ` "${view.name}"` : ''} (Res1 record at byte ${view.offset})\n\n${table([
        ['parent', view.parent === undefined ? 'none (root)' : String(view.parent)],
        ['track', view.track.keys > 0 ? `keys ${view.track.start}..${view.track.end} (${view.track.keys}; the last is the fallback)` : `empty (fallback ${view.fallback})`],
        ['map start', view.mapStart === undefined ? 'none: the node always uses its fallback key' : `word ${view.mapStart}`],
        ['frames', String(view.frameCount)],
      ])}`;
    }
    case 'key': {
      const [view] = await readMshKeyViews(source, model, { start: line.key, end: line.key + 1 });
      if (!view) return undefined;
      return `**Key ${view.key}**${view.node !== undefined ? ` of node ${view.node}` : ''} (Res8 record at byte ${view.offset})\n\n${table([
        ['time', `${mshNumber(view.time)} frames`],
        ['position', vector(view.position)],
        ['stored i16 x y z w', view.stored.join(' ')],
        ['quaternion w x y z', `${vector(view.quaternion)} (s / 32767)`],
        ['norm', `${formatDecimals(view.norm, 6)} (never normalised by the runtime)`],
        ['axis-angle', `${formatDecimals(view.angleDeg, 3)}° about ${vector(view.axis, 4)}`],
      ])}`;
    }
    case 'pose': {
      const animation = model.animated ? await readMshAnimation(source, model) : undefined;
      if (!animation) return undefined;
      const sample = sampleMshNode(animation, line.node, line.frame);
      const rows: [string, string][] = [
        ['time', `${line.frame} (frame index ${sample.frame}: t - 0.5, ties to even)`],
        ['found by', sampleText(sample)],
      ];
      if (sample.kind !== 'out-of-bounds') rows.push(['position', vector(sample.pose.position)], ['rotation w x y z', vector(sample.pose.rotation)]);
      return `**Node ${line.node} at frame ${line.frame}**\n\n${table(rows)}\n\n_${MSH_SAMPLING_CAVEAT}_`;
    }
  }
}
