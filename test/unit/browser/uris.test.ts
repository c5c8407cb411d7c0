import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workspaceUris } from '../../../server/src/browser/uris';

test('a github.dev URI becomes its path and a path under it goes back to the same scheme and authority', () => {
  const uris = workspaceUris();
  assert.equal(uris.uriToPath('vscode-vfs://github/owner/game'), '/owner/game');
  assert.equal(uris.pathToUri('/owner/game/anims/walk%20cycle.ewzanim'), 'vscode-vfs://github/owner/game/anims/walk%2520cycle.ewzanim');
  assert.equal(uris.pathToUri('/owner/game/a b.ewzanim'), 'vscode-vfs://github/owner/game/a%20b.ewzanim');
});

test('the longest folder seen decides, and a path under none stays a file: URI', () => {
  const uris = workspaceUris();
  uris.uriToPath('memfs://one/ws/x');
  uris.uriToPath('vscode-vfs://github/ws/inner/y');
  assert.equal(uris.pathToUri('/ws/inner/z.ewzanim'), 'vscode-vfs://github/ws/inner/z.ewzanim');
  assert.equal(uris.pathToUri('/ws/other.ewzanim'), 'memfs://one/ws/other.ewzanim');
  assert.equal(uris.pathToUri('/elsewhere/c.ewzanim'), 'file:///elsewhere/c.ewzanim');
});
