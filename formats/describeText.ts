/**
 * The one rendering of a byte description for people. `describeView` turns the typed
 * description into labelled rows; the LSP hover (markdown), the hex editor's tooltip and
 * inspector (DOM rows, plain text for Copy) and the keyframe listing's hover all show these
 * rows, so every surface says the same words.
 */
import { describeByteRange } from './byteRangeText';
import { type ByteDescription, type DecodedHeader, type DecodedValue, type JsonNumber, fromJsonNumber } from './description';
import { formatDecimals, formatFixed, formatNumber, formatPrecision, formatThousands } from './numberText';

export interface DescriptionRow {
  label: string;
  value: string;
  /** Shown as code (raw bytes and words). */
  code?: boolean;
}

export interface DescriptionView {
  /** What the field is: 'Rotation (smallest-three u32)'. */
  title: string;
  /** Which record: 'frame 3 · bone 1', 'bone 2', 'vertex 7'; '' for headers and loose bytes. */
  place: string;
  /** 'bytes 0x14-0x17 (4 bytes)'. */
  span: string;
  rows: DescriptionRow[];
  /** Findings (not finite, non-unit, out of range...). */
  notes: string[];
}

const list = (values: readonly (JsonNumber | string)[]): string => values.map(formatNumber).join(', ');

export function placeText(d: Pick<ByteDescription, 'frame' | 'bone' | 'vertex' | 'model' | 'entry' | 'node' | 'key' | 'word'>): string {
  const parts: string[] = [];
  if (d.model !== undefined) parts.push(`model "${d.model}"`);
  if (d.entry !== undefined) parts.push(`entry ${d.entry}`);
  if (d.key !== undefined) parts.push(`key ${d.key}`);
  if (d.word !== undefined) parts.push(`map word ${d.word}`);
  if (d.node !== undefined) parts.push(`node ${d.node}`);
  if (d.frame !== undefined) parts.push(`frame ${d.frame}`);
  if (d.bone !== undefined) parts.push(`bone ${d.bone}`);
  if (d.vertex !== undefined) parts.push(`vertex ${d.vertex}`);
  return parts.join(' · ');
}

function spanText(d: ByteDescription): string {
  const { start, end } = d.field.range;
  const length = end - start;
  return length <= 1 ? describeByteRange(d.field.range) : `${describeByteRange(d.field.range)} (${length} bytes)`;
}

function rawRow(d: ByteDescription): DescriptionRow {
  return { label: 'Raw', value: d.raw.hex, code: true };
}

const MESH_ATTRIBUTE_LABELS: Record<string, string> = {
  position: 'Position (x, y, z)',
  uv: 'UV (u, v)',
  color: 'Colour (r, g, b, a)',
  normal: 'Normal (x, y, z)',
  boneIndices: 'Bone indices',
  boneWeights: 'Bone weights',
};

function headerRows(h: DecodedHeader): DescriptionRow[] {
  switch (h.field) {
    case 'boneCount':
      return [{ label: h.unit === 'frame' ? 'Bones per frame' : 'Bones', value: `${h.value} (1..${h.limit} allowed)` }];
    case 'flags':
      return [{ label: 'Flags', value: String(h.value) }];
    case 'frameCount': {
      const rows = [{ label: 'Frames', value: `${h.value} = ${formatFixed(h.durationSeconds, 4)} s at ${h.frameRate} fps (clips store no frame rate)` }];
      if (h.expectedSize !== undefined) rows.push({ label: 'Expected size', value: `${formatThousands(h.expectedSize)} bytes (4 + frames × bones × 16)` });
      return rows;
    }
    case 'reserved':
      return [{ label: 'Reserved', value: `${h.value} (documented as 0)` }];
    case 'vertexCount':
      return [{ label: 'Vertices', value: String(h.value) }];
    case 'indexCount':
      return [{ label: 'Indices', value: h.value === 0 ? '0 (not indexed)' : String(h.value) }];
    case 'format':
      return [{ label: 'Vertex format', value: `${h.value} = ${h.flags.join(' | ') || 'position only'}` }];
    case 'padding':
      return [{ label: 'Padding', value: String(h.value) }];
    case 'legacy':
      return [{ label: 'Old header', value: `${h.boneCount} bones, ${h.frameCount} frames, ${formatNumber(h.frameRate)} fps, flags ${h.flags}` }];
  }
}

/** `90° about (0, 0, 1)`: the angle to 4 decimals, the axis to 6. */
function axisAngleText(angleDeg: number, axis: readonly number[]): string {
  return `${formatFixed(angleDeg, 4)}° about (${axis.map((a) => formatFixed(a, 6)).join(', ')})`;
}

function decodedRows(decoded: DecodedValue): DescriptionRow[] {
  switch (decoded.kind) {
    case 'rotation': {
      const { quaternion, euler, axis } = decoded;
      return [
        { label: 'Quaternion (x, y, z, w)', value: list(quaternion) },
        { label: 'Stored fields', value: `${decoded.storedFields.join(', ')} (dropped component: ${decoded.dropped})` },
        { label: 'Stored square sum', value: `${formatFixed(decoded.squareSum, 6)} (${decoded.nonUnit ? 'above 1: non-unit' : 'at most 1: unit'})` },
        { label: 'Axis-angle', value: axisAngleText(decoded.angleDeg, axis) },
        {
          label: `Euler ${euler.order} (R = Rx·Ry·Rz)`,
          value: `x ${formatFixed(euler.x, 4)}°, y ${formatFixed(euler.y, 4)}°, z ${formatFixed(euler.z, 4)}°`,
        },
        { label: 'Quantisation', value: `steps of ${formatPrecision(decoded.quantStep, 4)}; error at most ${formatDecimals(decoded.maxAngleErrorDeg, 3)}°` },
      ];
    }
    case 'half':
      return [
        { label: 'Value', value: formatNumber(decoded.value) },
        { label: 'f16 step here', value: formatNumber(decoded.spacing) },
      ];
    case 'matrixCell': {
      const rows: DescriptionRow[] = [{ label: 'Value', value: formatNumber(decoded.value) }];
      const m = decoded.matrix;
      if (m) {
        // Stored column-major (c0, c1, c2, t); shown as the 3x4 matrix's rows.
        for (const r of [0, 1, 2]) {
          rows.push({ label: `Row ${'xyz'[r]} [c0 c1 c2 | t]`, value: `${list([m[r], m[3 + r], m[6 + r]])} | ${formatNumber(m[9 + r])}` });
        }
      }
      if (decoded.determinant !== undefined) rows.push({ label: 'Determinant (3x3)', value: formatNumber(decoded.determinant) });
      rows.push({ label: 'Storage', value: 'column-major: c0, c1, c2 (the 3x3 part), then the translation t' });
      return rows;
    }
    case 'header':
      return headerRows(decoded);
    case 'vertex':
      return decoded.attribute === 'tangent'
        ? [{ label: 'Tangent direction', value: `(${list(decoded.direction)})` }, { label: 'Handedness', value: String(decoded.handedness) }]
        : [{ label: MESH_ATTRIBUTE_LABELS[decoded.attribute] ?? decoded.attribute, value: `(${list(decoded.values)})` }];
    case 'index':
      return [{ label: `Index ${decoded.index}`, value: `vertex ${decoded.vertex} of ${decoded.vertexCount}` }];
    case 'magic':
      return [{ label: 'Magic', value: `${decoded.magic} (${decoded.era})` }];
    case 'region':
      return [{ label: 'Value', value: String(decoded.value) }];
    case 'truncated':
      return [{ label: 'Present', value: `${decoded.present} of ${decoded.needed} bytes` }];
    case 'mshField': {
      const rows: DescriptionRow[] = [{ label: 'Value', value: decoded.valueType === 'ascii' ? `"${decoded.value}"` : formatNumber(decoded.value) }];
      if (decoded.meaning) rows.push({ label: 'Meaning', value: decoded.meaning });
      return rows;
    }
    case 'mshKey':
      return [
        { label: 'Position (x, y, z)', value: list(decoded.position) },
        { label: 'Time (frames)', value: formatNumber(decoded.time) },
        { label: 'Stored i16 (x, y, z, w)', value: decoded.stored.join(', ') },
        { label: 'Quaternion (w, x, y, z)', value: list(decoded.quaternion) },
        { label: 'Norm', value: formatNumber(decoded.norm) },
        { label: 'Axis-angle', value: axisAngleText(fromJsonNumber(decoded.angleDeg), decoded.axis.map(fromJsonNumber)) },
      ];
    case 'mshMapWord': {
      const meaning =
        decoded.meaning === 'key'
          ? `keys ${decoded.value} and ${decoded.value + 1} are interpolated`
          : decoded.meaning === 'fallback'
            ? `at or past the fallback key ${decoded.fallback}: the fallback key is used`
            : 'no node reads this word';
      return [
        { label: 'Key index', value: String(decoded.value) },
        { label: 'Meaning', value: meaning },
      ];
    }
  }
}

/** The labelled rows every surface shows for one described byte. */
export function describeView(d: ByteDescription): DescriptionView {
  return { title: d.field.label, place: placeText(d), span: spanText(d), rows: [rawRow(d), ...decodedRows(d.decoded)], notes: d.notes };
}

/** The heading line: title, place and bytes. */
export function viewHeading(view: DescriptionView): string {
  return [view.title, view.place, view.span].filter((part) => part).join(' · ');
}

/** Hover markdown: bold title, then one bullet per row, notes as a quote. */
export function viewMarkdown(view: DescriptionView): string {
  const heading = [`**${view.title}**`, view.place, view.span].filter((part) => part).join(' · ');
  const lines = [heading, '', ...view.rows.map((row) => `- ${row.label}: ${row.code ? `\`${row.value}\`` : row.value}`)];
  if (view.notes.length) lines.push('', view.notes.map((note) => `> ${note}`).join('\n>\n'));
  return lines.join('\n');
}

/** Plain text, one line per row: what the inspector's Copy button copies. */
export function viewText(view: DescriptionView): string {
  return [viewHeading(view), ...view.rows.map((row) => `${row.label}: ${row.value}`), ...view.notes].join('\n');
}

export const describeMarkdown = (d: ByteDescription): string => viewMarkdown(describeView(d));
export const describeText = (d: ByteDescription): string => viewText(describeView(d));
