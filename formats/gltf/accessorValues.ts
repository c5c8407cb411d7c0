/**
 * An accessor's values as numbers, the way the glTF 2.0 specification defines them.
 *
 * @gltf-transform/core has already resolved sparse accessors (base values, or zeros, with the
 * sparse indices' values written over them) and de-interleaved strided buffer views when it read
 * the file, so `getArray()` holds every element's raw components. What stays ours is the
 * normalisation: `getArray()` keeps the stored integers, and a normalised integer accessor
 * (animation outputs may be BYTE/UNSIGNED_BYTE/SHORT/UNSIGNED_SHORT normalised; mesh attributes
 * under KHR_mesh_quantization too) stands for the floats of the specification's formulas
 * (section 3.11, "Animations", and 3.7.2.1):
 *   BYTE  f = max(c / 127, -1)      UNSIGNED_BYTE  f = c / 255
 *   SHORT f = max(c / 32767, -1)    UNSIGNED_SHORT f = c / 65535
 * A non-normalised integer accessor stands for its integers as they are (KHR_mesh_quantization
 * positions, for example, which the node's transform then scales).
 */
import { Accessor } from '@gltf-transform/core';

const { BYTE, UNSIGNED_BYTE, SHORT, UNSIGNED_SHORT, FLOAT } = Accessor.ComponentType;

/** The specification's denormalisation of one stored integer `c` of `componentType`. */
export function denormalize(c: number, componentType: number): number {
  switch (componentType) {
    case BYTE:
      return Math.max(c / 127, -1);
    case UNSIGNED_BYTE:
      return c / 255;
    case SHORT:
      return Math.max(c / 32767, -1);
    case UNSIGNED_SHORT:
      return c / 65535;
    default:
      return c;
  }
}

export interface AccessorValues {
  /** Every component of every element, denormalised where the accessor is normalised. */
  values: Float64Array;
  /** Components per element (1 SCALAR, 3 VEC3, 4 VEC4, 16 MAT4...). */
  width: number;
  count: number;
  /** The stored type was integer (normalised or not). */
  integer: boolean;
  normalized: boolean;
}

export function accessorValues(accessor: Accessor): AccessorValues {
  const raw = accessor.getArray();
  const width = accessor.getElementSize();
  const count = accessor.getCount();
  const componentType = accessor.getComponentType();
  const normalized = accessor.getNormalized() && componentType !== FLOAT;
  const values = new Float64Array(count * width);
  if (raw) {
    const n = Math.min(values.length, raw.length);
    if (normalized) for (let i = 0; i < n; i++) values[i] = denormalize(raw[i] as number, componentType);
    else for (let i = 0; i < n; i++) values[i] = raw[i] as number;
  }
  return { values, width, count, integer: componentType !== FLOAT, normalized };
}

/** The first element index holding NaN or an infinity, or -1. */
export function firstNonFinite(values: ArrayLike<number>, width: number): number {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return Math.floor(i / width);
  return -1;
}
