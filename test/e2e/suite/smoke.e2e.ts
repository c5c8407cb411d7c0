import * as assert from 'node:assert/strict';
import { activeExtension } from './extensionApi';

describe('extension', () => {
  it('activates and starts its language server', async () => {
    const api = await activeExtension();
    const info = await api.serverInfo();
    assert.ok(Number.isInteger(info.pid) && info.pid > 0, `server pid ${info.pid}`);
    assert.notEqual(info.pid, process.pid, 'the server runs in its own process');
  });
});
