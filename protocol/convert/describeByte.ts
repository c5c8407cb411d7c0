/**
 * The one conversion from the core's byte description (`formats/description.ts`) to the
 * `ewzanim/describeByte` wire types (`protocol/describe.ts`). Every field is copied by name:
 * a field the core adds is not sent until it is added here and to the wire types on purpose,
 * and a field the core renames or retypes fails to compile here, not in a client.
 */
import type { ByteDescription, DecodedHeader, DecodedValue, DecodedVertex } from '../../formats/description';
import type { WireByteDescription, WireDecodedHeader, WireDecodedValue, WireDecodedVertex } from '../describe';
import { byteRangeWire, withoutUndefined } from './plain';

export function byteDescriptionWire(d: ByteDescription): WireByteDescription {
  if (d.kind === 'manifest') throw new TypeError('a manifest has no byte descriptions');
  return withoutUndefined({
    offset: d.offset,
    kind: d.kind,
    field: { name: d.field.name, label: d.field.label, fieldType: d.field.fieldType, range: byteRangeWire(d.field.range) },
    frame: d.frame,
    bone: d.bone,
    vertex: d.vertex,
    model: d.model,
    entry: d.entry,
    node: d.node,
    key: d.key,
    word: d.word,
    raw: { hex: d.raw.hex, value: d.raw.value },
    decoded: decodedWire(d.decoded),
    notes: [...d.notes],
  });
}

function decodedWire(v: DecodedValue): WireDecodedValue {
  switch (v.kind) {
    case 'rotation':
      return {
        kind: v.kind, word: v.word, quaternion: [v.quaternion[0], v.quaternion[1], v.quaternion[2], v.quaternion[3]], dropped: v.dropped,
        storedFields: [v.storedFields[0], v.storedFields[1], v.storedFields[2]], squareSum: v.squareSum, nonUnit: v.nonUnit,
        axis: [v.axis[0], v.axis[1], v.axis[2]], angleDeg: v.angleDeg, euler: { x: v.euler.x, y: v.euler.y, z: v.euler.z, order: v.euler.order },
        quantStep: v.quantStep, maxAngleErrorDeg: v.maxAngleErrorDeg,
      };
    case 'half':
      return { kind: v.kind, component: v.component, axis: v.axis, bits: v.bits, value: v.value, spacing: v.spacing };
    case 'matrixCell':
      return withoutUndefined({ kind: v.kind, column: v.column, axis: v.axis, value: v.value, matrix: v.matrix && [...v.matrix], determinant: v.determinant });
    case 'header':
      return headerWire(v);
    case 'vertex':
      return vertexWire(v);
    case 'index':
      return { kind: v.kind, index: v.index, vertex: v.vertex, vertexCount: v.vertexCount };
    case 'magic':
      return { kind: v.kind, magic: v.magic, era: v.era };
    case 'region':
      return { kind: v.kind, region: v.region, value: v.value };
    case 'truncated':
      return { kind: v.kind, present: v.present, needed: v.needed };
    case 'mshField':
      return withoutUndefined({ kind: v.kind, valueType: v.valueType, value: v.value, meaning: v.meaning });
    case 'mshKey':
      return {
        kind: v.kind, key: v.key, position: [...v.position], time: v.time, stored: [...v.stored], quaternion: [...v.quaternion],
        norm: v.norm, axis: [...v.axis], angleDeg: v.angleDeg,
      };
    case 'mshMapWord':
      return withoutUndefined({ kind: v.kind, value: v.value, meaning: v.meaning, fallback: v.fallback });
    default:
      return unknownVariant(v);
  }
}

function headerWire(h: DecodedHeader): WireDecodedHeader {
  switch (h.field) {
    case 'boneCount':
      return { kind: h.kind, field: h.field, value: h.value, unit: h.unit, limit: h.limit };
    case 'frameCount':
      return withoutUndefined({ kind: h.kind, field: h.field, value: h.value, frameRate: h.frameRate, durationSeconds: h.durationSeconds, expectedSize: h.expectedSize });
    case 'format':
      return { kind: h.kind, field: h.field, value: h.value, flags: [...h.flags] };
    case 'legacy':
      return { kind: h.kind, field: h.field, boneCount: h.boneCount, frameCount: h.frameCount, frameRate: h.frameRate, flags: h.flags };
    case 'flags':
    case 'reserved':
    case 'padding':
      return { kind: h.kind, field: h.field, value: h.value };
    case 'vertexCount':
    case 'indexCount':
      return { kind: h.kind, field: h.field, value: h.value };
    default:
      return unknownVariant(h);
  }
}

function vertexWire(v: DecodedVertex): WireDecodedVertex {
  if (v.attribute === 'tangent') return { kind: v.kind, attribute: v.attribute, direction: [...v.direction], handedness: v.handedness };
  return { kind: v.kind, attribute: v.attribute, values: [...v.values] };
}

/** A variant the wire does not know yet: a compile error here (`never`), a clear error at run time. */
function unknownVariant(value: never): never {
  throw new TypeError(`no wire form for the decoded value ${JSON.stringify(value)}`);
}
