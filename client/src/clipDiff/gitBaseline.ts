/**
 * A clip as git holds it: at HEAD or in the index (staged). The built-in git extension's API says
 * which git binary to run (the `git.path` setting); the bytes come from
 * `git cat-file blob REF:./NAME`, never from its `git show --textconv` (with the project's
 * `diff=ewzanim` textconv configured, that gives the keyframe listing instead of the clip).
 * They stream from git's output into a file: a clip of any size is never held whole.
 */
import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';
import { writeCommandOutput } from '../../../node/commandOutput';

/** Where a baseline comes from: the last commit or the index. */
export type GitBaselineRef = 'HEAD' | 'staged';

/** The parts of the git extension's API (`vscode.git`, version 1) this module uses. */
interface GitExtensionApi {
  git: { path: string };
}

interface GitExtensionExports {
  getAPI(version: 1): GitExtensionApi;
}

/** Why a baseline could not be read, in words for the user. */
export class GitBaselineError extends Error {}

async function gitApi(): Promise<GitExtensionApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtensionExports>('vscode.git');
  if (!extension) return undefined;
  try {
    const exports = extension.isActive ? extension.exports : await extension.activate();
    return exports.getAPI(1);
  } catch {
    return undefined;
  }
}

/** The revision spec of `name` (in the folder git runs in) at `ref`. */
export function revisionSpec(ref: GitBaselineRef, name: string): string {
  return `${ref === 'HEAD' ? 'HEAD' : ''}:./${name}`;
}

/** The words for a baseline in titles: "HEAD" or "staged". */
export function baselineLabel(ref: GitBaselineRef): string {
  return ref === 'HEAD' ? 'HEAD' : 'staged';
}

/** Writes the file at `file` (a file: URI) as git holds it at `ref` to `target` (a file: URI). */
export async function writeGitBaseline(file: vscode.Uri, ref: GitBaselineRef, target: vscode.Uri): Promise<void> {
  if (file.scheme !== 'file') throw new GitBaselineError(`${file.toString()} is not a file on disk`);
  if (target.scheme !== 'file') throw new GitBaselineError(`${target.toString()} is not a folder on disk`);
  // The extension finds repositories in the background: git itself says whether there is one.
  const api = await gitApi();
  const spec = revisionSpec(ref, basename(file.fsPath));
  try {
    await writeCommandOutput(api?.git.path ?? 'git', ['cat-file', 'blob', spec], dirname(file.fsPath), target.fsPath);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GitBaselineError(`${vscode.workspace.asRelativePath(file)} has no ${baselineLabel(ref)} version (git: ${reason})`);
  }
}

/**
 * The working file and the ref of a `git:` URI (the left side of VS Code's own diff of a
 * change: the query holds the path and the ref, '' or '~' for the index); a file URI as it is.
 */
export function workingFileOf(uri: vscode.Uri): { file: vscode.Uri; ref?: GitBaselineRef } {
  if (uri.scheme !== 'git') return { file: uri };
  try {
    const query = JSON.parse(uri.query) as { path?: unknown; ref?: unknown };
    const path = typeof query.path === 'string' ? query.path : uri.fsPath;
    return { file: vscode.Uri.file(path), ref: query.ref === '' || query.ref === '~' ? 'staged' : 'HEAD' };
  } catch {
    return { file: uri.with({ scheme: 'file', query: '' }), ref: 'HEAD' };
  }
}
