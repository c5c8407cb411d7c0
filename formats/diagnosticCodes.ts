/**
 * The stable diagnostic codes of the binary formats, their default severities and when they
 * fire: one table that the checks, docs/formats.md and the severity-override setting all follow.
 * Never rename a code once published; add new ones.
 */
import type { ByteRange, FormatDiagnostic, Severity } from './diagnostics';

export interface DiagnosticCodeInfo {
  code: string;
  severity: Severity;
  when: string;
}

export const BINARY_DIAGNOSTIC_CODES: readonly DiagnosticCodeInfo[] = [
  { code: 'anim/too-short', severity: 'error', when: 'fewer than 4 bytes (no complete header)' },
  { code: 'anim/zero-bones', severity: 'error', when: 'header bone count is 0' },
  { code: 'anim/zero-frames', severity: 'error', when: 'header frame count is 0' },
  { code: 'anim/flags', severity: 'error', when: 'flags byte is not 0' },
  { code: 'anim/truncated', severity: 'error', when: 'shorter than 4 + frames x bones x 16' },
  { code: 'anim/trailing-bytes', severity: 'warning', when: 'longer than 4 + frames x bones x 16' },
  { code: 'anim/legacy-layout', severity: 'error', when: 'the old 16-byte-header layout (size = 16 + u32@0 x u32@4 x 48)' },
  { code: 'anim/non-unit-rotation', severity: 'warning', when: 'the three stored rotation components square-sum above 1' },
  { code: 'anim/non-finite', severity: 'error', when: 'NaN or infinity in a position or scale' },
  { code: 'anim/zero-scale', severity: 'warning', when: 'a scale component is 0' },
  { code: 'anim/more-problems', severity: 'information', when: 'more keyframe problems than reported (gives the total per code)' },
  { code: 'anim/pop', severity: 'warning', when: 'a bone turns at least `ewzanim.motion.popMinDegrees` (60°) between two frames and `ewzanim.motion.jumpRatio` (5) times its typical step around them' },
  { code: 'anim/position-jump', severity: 'warning', when: 'a bone moves `ewzanim.motion.jumpRatio` (5) times its typical step around them, the clip\'s typical step and 5% of the clip\'s size between two frames' },
  { code: 'anim/static-clip', severity: 'information', when: 'every bone holds the same transform in every frame (a sampled rest pose)' },
  { code: 'anim/frozen-bones', severity: 'information', when: 'bones after the first moving bone never move while at least 90% of the bones do' },
  { code: 'anim/repeated-frames', severity: 'information', when: 'frames repeat in runs of one length (or two neighbouring ones): the source rate was lower; data.sourceRate gives it' },
  { code: 'skel/too-short', severity: 'error', when: 'fewer than 8 bytes' },
  { code: 'skel/zero-bones', severity: 'error', when: 'bone count is 0' },
  { code: 'skel/too-many-bones', severity: 'error', when: 'bone count above 256' },
  { code: 'skel/truncated', severity: 'error', when: 'shorter than 8 + bones x 48' },
  { code: 'skel/trailing-bytes', severity: 'warning', when: 'longer than 8 + bones x 48 (ignored upstream)' },
  { code: 'skel/reserved', severity: 'warning', when: 'reserved word is not 0' },
  { code: 'skel/singular', severity: 'warning', when: 'the 3x3 part of an inverse bind matrix is not invertible' },
  { code: 'skel/non-finite', severity: 'error', when: 'NaN or infinity in a matrix' },
  { code: 'skel/more-problems', severity: 'information', when: 'more matrix problems than reported' },
  { code: 'mesh/too-short', severity: 'error', when: 'fewer than 12 bytes' },
  { code: 'mesh/zero-vertices', severity: 'error', when: 'vertex count is 0' },
  { code: 'mesh/bad-format', severity: 'error', when: 'format above 15 (the native loader refuses it), or tangent without normal' },
  { code: 'mesh/truncated', severity: 'error', when: 'shorter than 12 + vertices x stride + indices x 2' },
  { code: 'mesh/trailing-bytes', severity: 'warning', when: 'longer than 12 + vertices x stride + indices x 2' },
  { code: 'mesh/index-out-of-range', severity: 'error', when: 'an index >= vertex count' },
  { code: 'mesh/zero-weights', severity: 'warning', when: 'a skinned vertex whose four bone weights are all 0 (it collapses to the origin)' },
  { code: 'mesh/non-finite', severity: 'error', when: 'NaN or infinity in a vertex position' },
  { code: 'mesh/more-problems', severity: 'information', when: 'more vertex/index problems than reported' },
  { code: 'rom/bad-magic', severity: 'error', when: 'not one of EWZ\\0, EWZX, NCZX (or fewer than 4 bytes)' },
  { code: 'file/unreadable', severity: 'error', when: 'the file does not exist or cannot be read' },
  { code: 'file/unknown-kind', severity: 'error', when: 'the extension is not one the tools know' },
];

/** Builds a byte-range diagnostic with its code's default severity. */
export type DiagnosticFactory = (code: string, byteRange: ByteRange, message: string, data?: Record<string, string | number | boolean>) => FormatDiagnostic;

/** A factory for the codes of `table` (a format family's own table); an unknown code throws. */
export function diagnosticFactory(table: readonly DiagnosticCodeInfo[]): DiagnosticFactory {
  const severityByCode = new Map(table.map((c) => [c.code, c.severity]));
  return (code, byteRange, message, data) => {
    const severity = severityByCode.get(code);
    if (!severity) throw new Error(`unknown diagnostic code ${code}`);
    const diagnostic: FormatDiagnostic = { code, severity, message, byteRange };
    if (data) diagnostic.data = data;
    return diagnostic;
  };
}

/** A diagnostic of a binary file with the code's default severity. */
export const binaryDiagnostic: DiagnosticFactory = diagnosticFactory(BINARY_DIAGNOSTIC_CODES);
