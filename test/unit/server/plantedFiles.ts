/**
 * Files with planted problems, shared by the server's integration test, the e2e workspace and
 * the LSP bench. Built from the manifest tests' asset builders, then broken on purpose.
 */
import { PackBuilder } from '../../../scripts/packBuilder';
import { clipBytes, skeletonBytes } from '../manifest/assetBytes';

export interface PlantedProblem {
  /** Workspace-relative path. */
  path: string;
  content: Uint8Array | string;
  /**
   * The diagnostics expected for it, in order: code, LSP severity (1 error .. 4 hint), the byte
   * range for binary files, the 0-based line for manifests.
   */
  expected: { code: string; severity: 1 | 2 | 3 | 4; byteRange?: { start: number; end: number }; line?: number }[];
}

function withTrailingBytes(bytes: Uint8Array, extra: number): Uint8Array {
  const out = new Uint8Array(bytes.length + extra);
  out.set(bytes);
  return out;
}

/** Sets the f16 scale.x of (frame, bone) to 0 in a clip of `bones` bones. */
function zeroScaleX(clip: Uint8Array, bones: number, frame: number, bone: number): Uint8Array {
  const at = 4 + (frame * bones + bone) * 16 + 10;
  clip[at] = 0;
  clip[at + 1] = 0;
  return clip;
}

/** A bone-count mismatch (walk has 2 bones, rig 3) on line 13, a missing file on line 17. */
const PLANTED_MANIFEST = new PackBuilder({ id: 'planted', title: 'Planted', author: 'ewzanim tests', version: '0.1.0' })
  .asset({ section: 'skeletons', id: 'rig', path: 'rig.nczxskel' })
  .asset({ section: 'animations', id: 'walk', path: 'walk.nczxanim', keys: { skeleton: 'rig' } })
  .asset({ section: 'animations', id: 'gone', path: 'gone.nczxanim' })
  .manifest();

/** One planted file per problem class the server must report, binary files included. */
export function plantedProblems(): PlantedProblem[] {
  const flagged = clipBytes(1, 1);
  flagged[1] = 1;
  return [
    { path: 'planted/truncated.nczxanim', content: clipBytes(3, 30, 444), expected: [{ code: 'anim/truncated', severity: 1, byteRange: { start: 964, end: 1000 } }] },
    { path: 'planted/trailing.nczxanim', content: withTrailingBytes(clipBytes(2, 2), 5), expected: [{ code: 'anim/trailing-bytes', severity: 2, byteRange: { start: 68, end: 73 } }] },
    { path: 'planted/flags.ewzanim', content: flagged, expected: [{ code: 'anim/flags', severity: 1, byteRange: { start: 1, end: 2 } }] },
    {
      path: 'planted/zero-scale.nczxanim',
      content: zeroScaleX(zeroScaleX(clipBytes(2, 3), 2, 1, 0), 2, 2, 1),
      expected: [
        { code: 'anim/zero-scale', severity: 2, byteRange: { start: 46, end: 48 } },
        { code: 'anim/zero-scale', severity: 2, byteRange: { start: 94, end: 96 } },
      ],
    },
    { path: 'planted/bad.nczx', content: new TextEncoder().encode('PK\u0003\u0004 not a rom'), expected: [{ code: 'rom/bad-magic', severity: 1, byteRange: { start: 0, end: 4 } }] },
    { path: 'planted/rig.nczxskel', content: skeletonBytes(3), expected: [] },
    { path: 'planted/walk.nczxanim', content: clipBytes(2, 4), expected: [] },
    {
      path: 'planted/nether.toml',
      content: PLANTED_MANIFEST,
      expected: [
        { code: 'manifest/bone-mismatch', severity: 2, line: 13 },
        { code: 'manifest/missing-file', severity: 1, line: 17 },
      ],
    },
    {
      path: 'planted/syntax/nether.toml',
      content: '[game]\nid = "syntax"\ntitle = "Syntax"\nauthor = "ewzanim tests"\nversion = "0.1.0"\nmax_players = \n',
      expected: [{ code: 'manifest/syntax', severity: 1, line: 5 }],
    },
  ];
}

const LEGACY = 'manifest/legacy-extension';
const UNLINKED = 'manifest/unlinked-animation';
/**
 * The real packs (animation-demo and multi-skinned-rom copied into the workspace root): the
 * binary files are clean; their manifests name Emberware-era files (which the current packer
 * refuses) and leave the clips unlinked to their single matching skeleton.
 */
export const UPSTREAM: Record<string, string[]> = {
  'animation-demo/nether.toml': [LEGACY],
  'animation-demo/assets/wave.ewzanim': [],
  'multi-skinned-rom/nether.toml': [LEGACY, LEGACY, UNLINKED, LEGACY, LEGACY, LEGACY, UNLINKED, LEGACY],
  'multi-skinned-rom/multi-skinned-rom.ewz': [],
  'multi-skinned-rom/assets/arm1.ewzmesh': [],
  'multi-skinned-rom/assets/arm1.ewzskel': [],
  'multi-skinned-rom/assets/arm2.ewzmesh': [],
  'multi-skinned-rom/assets/arm2.ewzskel': [],
  'multi-skinned-rom/assets/wave1.ewzanim': [],
  'multi-skinned-rom/assets/wave2.ewzanim': [],
};

/** Problem totals of a workspace holding the planted files and the upstream packs. */
export function expectedTotals(): { errors: number; warnings: number; others: number } {
  const severities = [
    ...plantedProblems().flatMap((p) => p.expected.map((e) => e.severity)),
    ...Object.values(UPSTREAM).flatMap((codes) => codes.map((code) => (code === LEGACY ? 2 : 3))),
  ];
  return {
    errors: severities.filter((s) => s === 1).length,
    warnings: severities.filter((s) => s === 2).length,
    others: severities.filter((s) => s > 2).length,
  };
}
