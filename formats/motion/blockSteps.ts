/**
 * The steps of a clip the WebAssembly pass holds in one block, as its `steps` export computed
 * them exactly (the TypeScript loop's double-precision |dot| and squared move, before they are
 * stored as f32): what the scanner takes the clip's candidates from and judges their windows
 * with, instead of decoding the records again around each candidate.
 */
import { MOTION_KERNEL_PREFIX } from '../wasm/motionKernel';
import { StepWindow } from './stepWindow';

// Read once: an imported binding can cost a getter call per read where modules are not bundled.
const PREFIX = MOTION_KERNEL_PREFIX;

/** One kind of step (turns or moves), as the loop's f32 ring holds it. */
export class BlockSteps extends StepWindow {
  /** `values`: per position of the block (its record 0 at MOTION_KERNEL_PREFIX), f64. */
  constructor(
    private readonly values: Float64Array,
    private readonly bones: number,
  ) {
    super();
  }

  get(bone: number, frame: number): number {
    return Math.fround(this.values[PREFIX + frame * this.bones + bone]);
  }

  protected override readSteps(bone: number, from: number, to: number, out: Float32Array): void {
    const { values, bones } = this;
    for (let f = from, i = PREFIX + from * bones + bone; f <= to; f++, i += bones) out[f - from] = values[i];
  }
}
