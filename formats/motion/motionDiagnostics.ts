/** Motion findings as the binary diagnostics the lint reports (the codes' default severities). */
import { binaryDiagnostic } from '../diagnosticCodes';
import type { FormatDiagnostic } from '../diagnostics';
import type { MotionFinding } from './motionOptions';

export function motionDiagnostic(finding: MotionFinding): FormatDiagnostic {
  return binaryDiagnostic(finding.code, finding.byteRange, finding.message, { ...finding.data, firstFrame: finding.frames[0], lastFrame: finding.frames[1] });
}
