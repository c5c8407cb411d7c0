import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, waitFor, workspaceUri } from './extensionApi';

describe('server resilience', () => {
  it('restarts a killed server and its diagnostics come back', async function () {
    this.timeout(90_000);
    const api = await activeExtension();
    const before = await api.serverInfo();
    const truncated = workspaceUri('planted/truncated.nczxanim');
    await waitFor('diagnostics before the crash', () => (vscode.languages.getDiagnostics(truncated).length > 0 ? true : undefined));

    process.kill(before.pid, 'SIGKILL');
    // Written while no server runs: only the restarted server's workspace scan can report it.
    const planted = workspaceUri('planted/after-crash.nczxanim');
    await vscode.workspace.fs.writeFile(planted, new Uint8Array([2, 0, 1, 0, 0, 0]));
    const after = await waitFor('a new server process', async () => {
      const info = await api.serverInfo().catch(() => undefined);
      return info && info.pid !== before.pid ? info : undefined;
    }, 60_000);
    assert.notEqual(after.pid, before.pid);
    const diagnostics = await waitFor('diagnostics after the restart', () => {
      const found = vscode.languages.getDiagnostics(truncated);
      return found.length > 0 ? found : undefined;
    }, 60_000);
    assert.equal(String(typeof diagnostics[0]!.code === 'object' ? diagnostics[0]!.code.value : diagnostics[0]!.code), 'anim/truncated');
    const fresh = await waitFor('the new server checked a file written after the crash', () => {
      const found = vscode.languages.getDiagnostics(planted);
      return found.length > 0 ? found : undefined;
    }, 60_000);
    assert.deepEqual(fresh.map((d) => (typeof d.code === 'object' ? d.code.value : d.code)), ['anim/truncated']);
    await vscode.workspace.fs.delete(planted);
  });

  it('restarts on the restart command', async () => {
    const api = await activeExtension();
    const before = await api.serverInfo();
    await vscode.commands.executeCommand('ewzanim.restartServer');
    const after = await waitFor('restarted server', async () => {
      const info = await api.serverInfo().catch(() => undefined);
      return info && info.pid !== before.pid ? info : undefined;
    });
    assert.notEqual(after.pid, before.pid);
  });
});
