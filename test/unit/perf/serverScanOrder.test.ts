/**
 * The language server's scan runs its content checks on the check pool (the Node build's
 * dist/server/checkWorker.js) and publishes in a stable order: the skeletons, then the other
 * binary files in walk order, then the manifests, whose rules reuse what those checks learnt
 * (anim/local-space judged against the skeleton as each clip was read). Runs the built server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_EXCLUDE, ExcludeFilter } from '../../../formats/workspace/exclude';
import { walkWorkspace } from '../../../formats/workspace/walk';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree } from '../cli/cliHarness';
import { SERVER_BUNDLE } from '../server/lspProcess';
import { StdioLspClient } from '../server/stdioClient';
import { plantedPack } from './plantedPack';

/** The planted pack, and more clips in several folders so that checks finish out of order. */
function workspace(): Record<string, Uint8Array | string> {
  const files = plantedPack();
  const clip = files['anim/swing.nczxanim']!;
  for (let i = 0; i < 40; i++) files[`more/f${i % 4}/c${i}.nczxanim`] = clip;
  return files;
}

test('the server publishes skeletons, then the other binary files in walk order, then the manifest', { skip: !existsSync(join(SERVER_BUNDLE, '..', 'checkWorker.js')) && 'build first (node scripts/build.mjs)' }, async () => {
  const tree = tempTree(workspace());
  const client = StdioLspClient.spawn(process.execPath, [SERVER_BUNDLE, '--stdio']);
  try {
    await client.initialize([tree.root], {});
    const { files } = await walkWorkspace(nodeFileAccess, [tree.root], new ExcludeFilter(DEFAULT_EXCLUDE, [tree.root]));
    const uri = (path: string): string => pathToFileURL(path).href;
    await client.waitFor('every file published', () => files.every((f) => client.diagnostics.has(uri(f.path))), 60_000);
    const order = client.received.filter((m) => m.method === 'textDocument/publishDiagnostics').map((m) => (m.params as { uri: string }).uri);
    const expected = [
      ...files.filter((f) => f.kind?.kind === 'skeleton'),
      ...files.filter((f) => f.kind?.kind !== 'skeleton' && f.kind?.kind !== 'manifest'),
      ...files.filter((f) => f.kind?.kind === 'manifest'),
    ].map((f) => uri(f.path));
    assert.deepEqual(order.slice(0, expected.length), expected);
    const manifest = client.diagnostics.get(uri(join(tree.root, 'nether.toml'))) ?? [];
    assert.deepEqual(manifest.filter((d) => d.code === 'anim/local-space').map((d) => d.message.split(' ')[1]), ['"walk"', '"broken"']);
  } finally {
    await client.stop();
    tree.dispose();
  }
});
