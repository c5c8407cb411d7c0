/**
 * What the glTF exporter says about its input: each problem has a stable code, a severity, a
 * message that says what was found and what to do, and the JSON pointer of the glTF object it
 * is about (`/animations/0/channels/3`, `/accessors/12`), so a user can find it in the file.
 */

export type GltfProblemSeverity = 'error' | 'warning' | 'information';

export interface GltfProblem {
  code: GltfProblemCode;
  severity: GltfProblemSeverity;
  message: string;
  /** RFC 6901 pointer into the glTF JSON; `''` is the whole file. */
  pointer: string;
}

export const GLTF_PROBLEM_CODES = {
  'gltf/unreadable': { severity: 'error', when: 'the file is not a glTF 2.0 file the library can read (JSON, GLB chunks, buffers, compressed data)' },
  'gltf/unsupported-extension': { severity: 'error', when: 'the file requires a glTF extension the exporter cannot read (KHR_animation_pointer, a vendor extension): the message names it and says what to do' },
  'gltf/no-animation': { severity: 'error', when: 'the file has no animation, or `--animation` names none of them' },
  'gltf/no-skin': { severity: 'error', when: 'the file has no skin, or `--skin` names none of them' },
  'gltf/no-mesh': { severity: 'error', when: '`export mesh`: no mesh, or `--mesh` names none of them' },
  'gltf/too-many-joints': { severity: 'error', when: 'the skin has more than 255 joints (a clip stores a u8 bone count)' },
  'gltf/too-many-frames': { severity: 'error', when: 'the animation needs more than 65,535 frames at the frame rate (a clip stores a u16 frame count)' },
  'gltf/bad-sampler': { severity: 'error', when: 'an animation sampler is malformed: unknown interpolation, wrong accessor type, output count not matching the input' },
  'gltf/bad-times': { severity: 'error', when: 'key times that are not finite, negative, or not strictly increasing' },
  'gltf/non-finite-output': { severity: 'error', when: 'NaN or an infinity in an animation output' },
  'gltf/zero-quaternion': { severity: 'error', when: 'a rotation key of length 0 (no rotation can be made of it)' },
  'gltf/node-cycle': { severity: 'error', when: 'the node hierarchy has a cycle' },
  'gltf/bad-inverse-bind': { severity: 'error', when: 'the inverse bind matrices accessor is not MAT4, has fewer matrices than joints, or holds NaN' },
  'gltf/bad-mesh': { severity: 'error', when: '`export mesh`: a primitive the native format cannot hold (too many vertices for u16 indices, joint indices above 255, no positions)' },
  'gltf/morph-weights-ignored': { severity: 'warning', when: 'a channel animates morph target weights: the console has no morph targets' },
  'gltf/channel-ignored': { severity: 'warning', when: 'a channel targets a node that is neither a joint of the skin nor an ancestor of one, or has no target node' },
  'gltf/duplicate-channel': { severity: 'warning', when: 'two channels animate the same property of one node: the later one is used' },
  'gltf/quantized-output': { severity: 'information', when: 'an output accessor holds normalised or plain integers: its values were denormalised as the glTF specification says' },
  'gltf/non-float-translation': { severity: 'warning', when: 'a translation or scale output is not FLOAT (the specification allows only FLOAT there); its values are used as given' },
  'gltf/projective-inverse-bind': { severity: 'warning', when: 'an inverse bind matrix whose bottom row is not 0 0 0 1: the skeleton stores 3x4 matrices and drops it' },
  'gltf/no-inverse-binds': { severity: 'information', when: 'the skin has no inverse bind matrices: identity matrices are written, as the specification says' },
  'gltf/skin-not-driven': { severity: 'warning', when: 'the animation drives none of the chosen skin\'s joints' },
  'gltf/local-space': { severity: 'warning', when: '`--space local` on a skin whose joints have parents: the console treats clip transforms as model space, so the clip animates wrongly' },
  'gltf/ancestor-ignored': { severity: 'warning', when: '`--space local`: a non-joint ancestor is animated, which local-space records cannot carry' },
  'gltf/mesh-attribute': { severity: 'warning', when: '`export mesh`: an attribute changed to fit the native format (UVs clamped to 0..1, more than 4 influences, missing in some primitives, a non-triangle primitive skipped)' },
} as const satisfies Record<string, { severity: GltfProblemSeverity; when: string }>;

export type GltfProblemCode = keyof typeof GLTF_PROBLEM_CODES;

export function gltfProblem(code: GltfProblemCode, pointer: string, message: string, severity: GltfProblemSeverity = GLTF_PROBLEM_CODES[code].severity): GltfProblem {
  return { code, severity, message, pointer };
}

/** An export that cannot go on: carries every problem found so far (the errors among them). */
export class GltfExportError extends Error {
  constructor(readonly problems: readonly GltfProblem[]) {
    const first = problems.find((p) => p.severity === 'error') ?? problems[0];
    super(first ? `${first.message}${first.pointer ? ` (${first.pointer})` : ''}` : 'the glTF export failed');
    this.name = 'GltfExportError';
  }
}

/** Warnings of one code reported one by one before they are summed up in one more problem. */
export const MAX_PROBLEMS_PER_CODE = 10;

/** Collects problems; `fail()` throws them when any is an error. Warnings and notes are capped per code. */
export class GltfProblemList {
  readonly items: GltfProblem[] = [];
  private readonly counts = new Map<GltfProblemCode, { count: number; summary?: GltfProblem }>();

  add(problem: GltfProblem): void {
    if (problem.severity === 'error') {
      this.items.push(problem);
      return;
    }
    const seen = this.counts.get(problem.code) ?? { count: 0 };
    this.counts.set(problem.code, seen);
    seen.count++;
    if (seen.count <= MAX_PROBLEMS_PER_CODE) {
      this.items.push(problem);
      return;
    }
    const more = seen.count - MAX_PROBLEMS_PER_CODE;
    seen.summary ??= this.items[this.items.push({ ...problem, pointer: '', message: '' }) - 1];
    seen.summary.message = `${more} more ${problem.code} problem${more === 1 ? '' : 's'} like those above (${seen.count} in all).`;
  }

  report(code: GltfProblemCode, pointer: string, message: string): void {
    this.add(gltfProblem(code, pointer, message));
  }

  get hasErrors(): boolean {
    return this.items.some((p) => p.severity === 'error');
  }

  /** Throws a GltfExportError when an error was reported. */
  throwIfErrors(): void {
    if (this.hasErrors) throw new GltfExportError(this.items);
  }

  /** Reports an error and throws at once. */
  fail(code: GltfProblemCode, pointer: string, message: string): never {
    this.report(code, pointer, message);
    throw new GltfExportError(this.items);
  }
}

/** One problem as a line: `warning gltf/channel-ignored /animations/0/channels/3: message`. */
export function formatGltfProblem(problem: GltfProblem): string {
  return `${problem.severity} ${problem.code}${problem.pointer ? ` ${problem.pointer}` : ''}: ${problem.message}`;
}
