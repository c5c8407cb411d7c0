/**
 * Joint names in motion messages. A clip's file only numbers its bones; where an export from
 * glTF left its record beside the clip (`<model>.export.json`, `exportedBoneNames`), the adapters
 * pass a lookup and the messages say "bone 12 (LeftHand)". The lookup runs only for a clip that
 * has a motion finding about a bone, so a workspace of clean clips reads no record.
 */
import type { FormatDiagnostic } from '../diagnostics';
import { boneLabel } from './motionOptions';

/** The names of a clip's bones (bone 0 first), or undefined where no export record lists the clip. */
export type BoneNameLookup = (clipPath: string, boneCount: number) => Promise<readonly string[] | undefined>;

const BONE_CODES: ReadonlySet<string> = new Set(['anim/pop', 'anim/position-jump', 'anim/frozen-bones']);

/** "bone 12" not already followed by its name. */
const BONE_NUMBER = /\bbone (\d+)\b(?! \()/g;

/** The motion diagnostics' "bone N" with the names the lookup gives; others unchanged. */
export async function nameMotionBones(diagnostics: FormatDiagnostic[], clipPath: string, boneCount: number, lookup: BoneNameLookup): Promise<FormatDiagnostic[]> {
  if (!diagnostics.some((d) => BONE_CODES.has(d.code))) return diagnostics;
  let names: readonly string[] | undefined;
  try {
    names = await lookup(clipPath, boneCount);
  } catch {
    names = undefined; // an unreadable record names nothing
  }
  if (!names) return diagnostics;
  const named = names;
  return diagnostics.map((d) => (BONE_CODES.has(d.code) ? { ...d, message: d.message.replace(BONE_NUMBER, (_, bone: string) => boneLabel(Number(bone), named)) } : d));
}
