/**
 * The error message the export command shows when it stops on an error, so that no failure
 * is silent: an FBX conversion names FBX2glTF's cause (missing, not executable, its exit status
 * and output), a read names why the file is not glTF, and anything else names the step and the
 * error. Pure (no vscode) so that the messages are unit-tested.
 */
import { FbxConversionError } from '../../../node/fbx/conversionError';

/** What the command was doing when it failed. */
export type ExportStep = 'read' | 'export';

function causeOf(error: unknown): string {
  if (error instanceof Error) return error.message.trim() || error.name;
  const text = String(error).trim();
  return text || 'an unknown error';
}

/** The message for `error` thrown while the command worked on `fileName` at `step`. */
export function exportFailureMessage(fileName: string, step: ExportStep, error: unknown): string {
  const cause = causeOf(error);
  if (error instanceof FbxConversionError) return `Cannot convert ${fileName} with FBX2glTF: ${cause}`;
  if (step === 'read') return `Cannot read ${fileName} as glTF: ${cause}`;
  return `Export Animation from glTF failed on ${fileName}: ${cause}`;
}
