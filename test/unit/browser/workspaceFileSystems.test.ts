/**
 * The server treats as workspace files (file events, closed manifests, manifest features, clip
 * links) the `file:` URIs and the URIs on a workspace folder's file system: on github.dev the
 * repository's `vscode-vfs://github/...`, never an untitled, git or listing document.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileSystemOf, WorkspaceFileSystems } from '../../../server/src/workspaceFileSystems';

test('a URI\'s file system: scheme and authority, file: whatever its authority, none for a path', () => {
  assert.equal(fileSystemOf('vscode-vfs://github/owner/game/nether.toml'), 'vscode-vfs://github');
  assert.equal(fileSystemOf('VSCODE-VFS://GitHub/owner/game'), 'vscode-vfs://github');
  assert.equal(fileSystemOf('file:///home/me/game/nether.toml'), 'file:');
  assert.equal(fileSystemOf('file://server/share/game/nether.toml'), 'file:');
  assert.equal(fileSystemOf('untitled:Untitled-1'), 'untitled:');
  assert.equal(fileSystemOf('/owner/game/nether.toml'), undefined);
});

test('before any folder only file: URIs are workspace files', () => {
  const systems = new WorkspaceFileSystems();
  assert.equal(systems.isFileUri('file:///game/anims/walk.ewzanim'), true);
  assert.equal(systems.isFileUri('vscode-vfs://github/owner/game/nether.toml'), false);
});

test('on github.dev the repository folder\'s URIs are files; git, untitled, listing and other authorities are not', () => {
  const systems = new WorkspaceFileSystems();
  systems.addFolders(['vscode-vfs://github/owner/game']);
  assert.equal(systems.isFileUri('vscode-vfs://github/owner/game/nether.toml'), true);
  assert.equal(systems.isFileUri('vscode-vfs://github/owner/other-repo/anims/walk.ewzanim'), true);
  assert.equal(systems.isFileUri('vscode-vfs://azurerepos/owner/game/nether.toml'), false);
  assert.equal(systems.isFileUri('git:/owner/game/nether.toml?%7B%22ref%22%3A%22HEAD%22%7D'), false);
  assert.equal(systems.isFileUri('untitled:Untitled-1'), false);
  assert.equal(systems.isFileUri('ewzanim-listing:/owner/game/anims/walk.ewzanim.listing'), false);
  assert.equal(systems.isFileUri('file:///tmp/nether.toml'), true);
});
