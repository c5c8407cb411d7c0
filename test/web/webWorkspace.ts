/**
 * The web suite's folder: a broken clip, a manifest with problems, a clean clip and skeleton
 * (the desktop suite's planted files), and the expectations the suite checks them against,
 * carried in planted/expected.json so both sides read one list.
 */
import { plantedProblems } from '../unit/server/plantedFiles';
import type { WorkspaceFiles } from '../e2e/harness';
import { EXPECTED_FILE, type WebExpectations } from './suite/webProtocol';

const BROKEN = ['planted/truncated.nczxanim', 'planted/nether.toml'];
const CLEAN = ['planted/walk.nczxanim', 'planted/rig.nczxskel'];

export function webWorkspace(): WorkspaceFiles {
  const planted = plantedProblems().filter((p) => BROKEN.includes(p.path) || CLEAN.includes(p.path));
  const expectations: WebExpectations = {
    diagnostics: Object.fromEntries(
      planted.filter((p) => BROKEN.includes(p.path)).map((p) => [p.path, p.expected.map(({ code, severity, line }) => ({ code, severity, line }))]),
    ),
    clean: CLEAN,
    hover: {
      path: 'planted/nether.toml',
      needle: 'walk.nczxanim',
      firstLines: ['**animation "walk"**: `walk.nczxanim`', '', '- Keyframe clip: 2 bones x 4 frames, 0.1333 s at 30 fps', '- 132 bytes'],
    },
    hexClip: 'planted/walk.nczxanim',
  };
  const files: Record<string, string | Uint8Array> = { [EXPECTED_FILE]: JSON.stringify(expectations) };
  for (const p of planted) files[p.path] = p.content;
  return { files };
}
