import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, codeOf, SEVERITY, waitFor, workspaceUri } from './extensionApi';

interface Expectation {
  path: string;
  expected: { code: string; severity: 1 | 2 | 3 | 4; byteRange?: { start: number; end: number }; line?: number }[];
}

interface Expectations {
  planted: Expectation[];
  /** Upstream files -> the codes of their diagnostics, in order. */
  upstream: Record<string, string[]>;
}

async function expectations(): Promise<Expectations> {
  const bytes = await vscode.workspace.fs.readFile(workspaceUri('planted/expected.json'));
  return JSON.parse(new TextDecoder().decode(bytes)) as Expectations;
}

describe('workspace diagnostics', () => {
  before(async () => {
    await activeExtension();
  });

  it('lists every planted problem, binary files included, with its code, severity and bytes', async () => {
    for (const { path, expected } of (await expectations()).planted) {
      const uri = workspaceUri(path);
      const diagnostics = await waitFor(`diagnostics of ${path}`, () => {
        const found = vscode.languages.getDiagnostics(uri);
        return found.length === expected.length ? found : undefined;
      });
      assert.deepEqual(
        diagnostics.map((d) => ({ code: codeOf(d), severity: d.severity, source: d.source })),
        expected.map((e) => ({ code: e.code, severity: SEVERITY[e.severity], source: 'ewzanim' })),
        path,
      );
      expected.forEach((e, i) => {
        if (e.line !== undefined) assert.equal(diagnostics[i]!.range.start.line, e.line, `${path}: ${e.code} line`);
        if (!e.byteRange) return;
        const hex = (n: number): string => `0x${n.toString(16).toUpperCase()}`;
        const bytes = e.byteRange.end - e.byteRange.start > 1 ? `bytes ${hex(e.byteRange.start)}-${hex(e.byteRange.end - 1)}` : `byte ${hex(e.byteRange.start)}`;
        // Where the code links to the bytes (clips, skeletons, NRes files), the message says so.
        const hint = typeof diagnostics[i]!.code === 'object' ? '; click the code to jump' : '';
        assert.ok(diagnostics[i]!.message.endsWith(`(${bytes}${hint})`), `${path}: "${diagnostics[i]!.message}" names ${bytes}`);
      });
    }
  });

  it('reports the truncated clip with the core message', async () => {
    const [truncated] = vscode.languages.getDiagnostics(workspaceUri('planted/truncated.nczxanim'));
    assert.equal(
      truncated?.message,
      'Clip is 1000 bytes but its header (3 bones x 30 frames) needs 1444: 444 bytes missing (frame 20 onwards incomplete). Re-export the clip. (bytes 0x3C4-0x3E7; click the code to jump)',
    );
  });

  it('reports the real upstream packs exactly: clean binaries, Emberware-era names in the manifests', async () => {
    for (const [path, codes] of Object.entries((await expectations()).upstream)) {
      const uri = workspaceUri(path);
      const found = await waitFor(`diagnostics of ${path}`, () => {
        const now = vscode.languages.getDiagnostics(uri);
        return now.length === codes.length ? now : undefined;
      });
      assert.deepEqual(found.map(codeOf), codes, path);
    }
  });

  it('re-checks a clip when it changes on disk', async () => {
    const uri = workspaceUri('planted/trailing.nczxanim');
    const bytes = await vscode.workspace.fs.readFile(uri);
    await vscode.workspace.fs.writeFile(uri, bytes.subarray(0, bytes.length - 5));
    await waitFor('trailing bytes gone', () => (vscode.languages.getDiagnostics(uri).length === 0 ? true : undefined));
    await vscode.workspace.fs.writeFile(uri, bytes);
    await waitFor('trailing bytes back', () => (vscode.languages.getDiagnostics(uri).length === 1 ? true : undefined));
  });

  it('checks an open manifest as it is typed', async () => {
    const uri = workspaceUri('animation-demo/nether.toml');
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document);
    const end = document.lineAt(document.lineCount - 1).range.end;
    await editor.edit((edit) => edit.insert(end, '\nbroken = \n'));
    const diagnostics = await waitFor('syntax error from unsaved text', () => {
      const found = vscode.languages.getDiagnostics(uri);
      return found.some((d) => codeOf(d) === 'manifest/syntax') ? found : undefined;
    });
    assert.equal(diagnostics.find((d) => codeOf(d) === 'manifest/syntax')?.range.start.line, document.lineCount - 2);
    await vscode.commands.executeCommand('undo');
    await waitFor('error gone after undo', () =>
      vscode.languages.getDiagnostics(uri).some((d) => codeOf(d) === 'manifest/syntax') ? undefined : true,
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
