/**
 * The language server's scan reads each file once (here on one thread, through a counting file
 * access; the pool's workers read through Node's access the same way, one read per check): the
 * skeleton, then every clip (judged for `anim/local-space` as it is read), then the manifest,
 * whose rules take every listed file's facts from those checks.
 */
import { test } from 'node:test';
import { basename, dirname } from 'node:path';
import assert from 'node:assert/strict';
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileAccess } from '../../../formats/fileAccess';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import { nodeFileAccess } from '../../../node/fileAccess';
import { createCoreChecks } from '../../../server/src/coreChecks';
import { ManifestChecks } from '../../../server/src/manifestChecks';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WorkspaceChecker } from '../../../server/src/workspaceChecker';
import { tempTree } from '../cli/cliHarness';
import { quietCheckerHost, unpublishedStore } from '../server/quietCheckerHost';
import { plantedPack } from './plantedPack';

function countingReads(base: FileAccess): { access: FileAccess; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const count = (path: string): void => void reads.set(path, (reads.get(path) ?? 0) + 1);
  return { reads, access: { ...base, read: (p, o, l) => (count(p), base.read(p, o, l)), readInto: (p, o, t) => (count(p), base.readInto!(p, o, t)) } };
}

/**
 * The workspace folder as the server may receive it: as given, and in forms a client's URI can
 * take (`file:///tmp//pack/` is `/tmp//pack/`), which the manifest's resolved paths fold.
 */
const ROOT_FORMS: { name: string; form: (root: string) => string }[] = [
  { name: 'the folder', form: (root) => root },
  { name: 'the folder with a trailing slash', form: (root) => `${root}/` },
  { name: 'the folder with a doubled slash', form: (root) => `${dirname(root)}//${basename(root)}` },
];

for (const { name, form } of ROOT_FORMS) test(`the server's scan of ${name} reads each file once and reports the manifest's anim/local-space`, async () => {
  const tree = tempTree(plantedPack());
  const root = form(tree.root);
  try {
    const { access, reads } = countingReads(nodeFileAccess);
    const published = new Map<string, readonly FormatDiagnostic[]>();
    const store = unpublishedStore();
    const set = store.set.bind(store);
    store.set = (path, diagnostics) => (published.set(path, diagnostics), set(path, diagnostics));
    const core = createCoreChecks(access, () => DEFAULT_SETTINGS);
    const noDocuments = { all: () => [] } as unknown as TextDocuments<TextDocument>;
    let checker: WorkspaceChecker | undefined;
    const manifests = new ManifestChecks({ files: access, documents: noDocuments, store, check: core.checkManifest, uriToPath: (uri) => uri, isFileUri: () => true, inWorkspace: (path) => checker?.isKnown(path) === true });
    checker = new WorkspaceChecker({
      files: access,
      store,
      checkAsset: core.checkAsset,
      skeletonsChecked: core.skeletonsChecked,
      beginPass: core.beginPass,
      checkManifest: async (path) => void (await manifests.check(path)),
      forget: core.forget,
      ...quietCheckerHost(root),
    });
    await checker.scanAll();
    assert.deepEqual([...reads.entries()].filter(([, n]) => n !== 1), [], 'every file read exactly once');
    assert.equal(reads.size, Object.keys(plantedPack()).length, 'every file read, the manifest too');
    const manifest = [...published.entries()].find(([path]) => path.endsWith('nether.toml'))?.[1] ?? [];
    assert.deepEqual(manifest.filter((d) => d.code === 'anim/local-space').map((d) => d.message.split(' ')[1]), ['"walk"', '"broken"']);
  } finally {
    tree.dispose();
  }
});
