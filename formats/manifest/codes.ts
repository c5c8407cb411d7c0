/**
 * The stable codes of manifest diagnostics and their default severities (one table, like the
 * binary formats' `diagnosticCodes.ts`). Never rename a code once published; add new ones.
 */
import type { FormatDiagnostic, Severity, TextRange } from '../diagnostics';

export interface ManifestCodeInfo {
  code: string;
  severity: Severity;
  when: string;
}

export const MANIFEST_DIAGNOSTIC_CODES: readonly ManifestCodeInfo[] = [
  { code: 'manifest/syntax', severity: 'error', when: 'not valid TOML, or a key of the wrong type (the packer then refuses the whole file)' },
  { code: 'manifest/missing-field', severity: 'error', when: '`[game]`, one of its required keys, or an entry\'s `path` is missing or empty' },
  { code: 'manifest/invalid-value', severity: 'error', when: '`game.id` not a safe path component, `render_mode` outside 0..3, `tick_rate` not 30/60/120, `max_players` outside 1..4' },
  { code: 'manifest/missing-id', severity: 'error', when: 'an entry that needs an `id` has none' },
  { code: 'manifest/duplicate-id', severity: 'warning', when: 'two entries of one kind share an id (upstream the last silently wins)' },
  { code: 'manifest/wildcard-collision', severity: 'error', when: 'a glTF wildcard animation import produces an id that another entry also uses' },
  { code: 'manifest/missing-file', severity: 'error', when: '`path` does not exist (or is a folder)' },
  { code: 'manifest/wrong-kind', severity: 'error', when: 'the file at `path` cannot be that kind of asset (by extension and content)' },
  { code: 'manifest/legacy-extension', severity: 'warning', when: '`.ewz*` asset path in a `nether.toml` (the current packer refuses it); data.newPath has the rename' },
  { code: 'manifest/unknown-key', severity: 'warning', when: 'a key or table the packer ignores, or a key with no effect on that kind of entry' },
  { code: 'manifest/asset-invalid', severity: 'error', when: 'the referenced clip, skeleton, mesh or glTF has errors or cannot be read' },
  { code: 'manifest/bone-mismatch', severity: 'warning', when: 'linked clip and skeleton differ in bone count (warning); a mesh uses a bone index beyond the linked skeleton or clip (error)' },
  { code: 'manifest/gltf-local-space', severity: 'warning', when: 'a glTF animation import whose skin\'s joints have parents (a joint hierarchy): the packer stores local transforms, the console plays clips as model space; data.command exports a model-space clip' },
  { code: 'manifest/gltf-missing', severity: 'error', when: '`animation_name` or `skin_name` not found in the referenced .gltf/.glb (or it has no skin / animation at all)' },
  { code: 'manifest/unknown-link', severity: 'error', when: 'a `skeleton` or `mesh` link key names an id that no such entry has' },
  { code: 'manifest/netplay-single-player', severity: 'warning', when: 'netplay enabled (the default) with `max_players = 1`' },
  { code: 'manifest/rom-budget', severity: 'error', when: 'the listed asset files together exceed the 16 MiB ZX cartridge (NETHERCORE_ZX_ROM_LIMIT)' },
  { code: 'manifest/animation-budget', severity: 'error', when: 'the native clips decoded (frames x bones x 48 bytes) exceed the storage-buffer binding limit (default 128 MiB)' },
  { code: 'manifest/unlinked-animation', severity: 'information', when: 'a clip has no skeleton link while the pack has several skeletons; data.candidates lists those with its bone count' },
  { code: 'anim/local-space', severity: 'warning', when: 'a native clip linked to a native skeleton reads as local-space joint transforms against its bind pose (fewer than half of its joints stay attached to another bone): keyframe_bind draws model space' },
];

const SEVERITY = new Map(MANIFEST_DIAGNOSTIC_CODES.map((c) => [c.code, c.severity]));

export function manifestDiagnostic(
  code: string,
  range: TextRange,
  message: string,
  extra: Partial<Pick<FormatDiagnostic, 'severity' | 'related' | 'data'>> = {},
): FormatDiagnostic {
  const severity = extra.severity ?? SEVERITY.get(code);
  if (!severity) throw new Error(`unknown manifest diagnostic code ${code}`);
  const diagnostic: FormatDiagnostic = { code, severity, message, range };
  if (extra.related) diagnostic.related = extra.related;
  if (extra.data) diagnostic.data = extra.data;
  return diagnostic;
}
