import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, EXTENSION_ID } from './extensionApi';

describe('extension', () => {
  it('activates and starts its language server', async () => {
    const api = await activeExtension();
    const info = await api.serverInfo();
    assert.ok(Number.isInteger(info.pid) && info.pid > 0, `server pid ${info.pid}`);
    assert.notEqual(info.pid, process.pid, 'the server runs in its own process');
    const extensionPath = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    if (process.env.EWZANIM_E2E_EXPECT_INSTALLED === '1') {
      // The .vsix test: the copy installed into code-server's extensions folder, not the repository.
      assert.match(extensionPath, /\/extensions\/ewzanim-tools\.ewzanim-tools-\d+\.\d+\.\d+$/);
    }
  });
});
