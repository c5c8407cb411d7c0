/**
 * What the workspace walk skips (the one rule the CLI and the language server share):
 * - folders whose name starts with `.` are never entered (`.git`, `.hg`, `.svn`, `.vscode`,
 *   `.cache`...): version control and tool state, never a data pack;
 * - files and folders matched by the exclude globs (picomatch, dotfiles included), each
 *   pattern tried against the path relative to every root and against the absolute path.
 *   `DEFAULT_EXCLUDE` (also the `ewzanim.exclude` setting's default) skips dependencies and
 *   build output.
 * A path named explicitly (a CLI argument, an open document) is never skipped: the rule is the walk's.
 */
import picomatch from 'picomatch/posix';

export const DEFAULT_EXCLUDE: readonly string[] = ['**/node_modules/**', '**/target/**'];

/** A folder name the walk never enters, whatever the globs say. */
export function isHiddenFolderName(name: string): boolean {
  return name.startsWith('.');
}

/** A relative path with a folder part that `isHiddenFolderName` names (its file name aside), without splitting it (once per file of a walk). */
function inHiddenFolder(relative: string): boolean {
  const folders = relative.slice(0, Math.max(0, relative.lastIndexOf('/')));
  return isHiddenFolderName(folders) || folders.includes('/.');
}

/** A glob, and the text a path must hold to match it, where the glob says (`requiredPieces`). */
interface Matcher {
  matches(path: string): boolean;
  pieces?: readonly string[];
}

/**
 * What a path must contain to match `pattern`, without running its matcher: the literal runs
 * between its `*` and `/` (the default glob of every `node_modules` folder's contents needs
 * `node_modules`), which a match holds verbatim. Undefined for a glob of other syntax (classes,
 * braces, `?`, extglobs, escapes, negation, `.` parts): only its matcher can tell. A walk tests
 * every file it finds against every glob: most paths lack a piece, and a search for a word costs
 * less than the glob's expression.
 */
function requiredPieces(pattern: string): string[] | undefined {
  if (/[?[\]{}()!+@\\]/.test(pattern)) return undefined;
  const pieces = pattern.split(/[*/]+/).filter((piece) => piece !== '');
  return pieces.some((piece) => piece === '.' || piece === '..') ? undefined : pieces;
}

export class ExcludeFilter {
  private readonly matchers: Matcher[];

  constructor(
    patterns: readonly string[],
    private readonly roots: readonly string[],
  ) {
    this.matchers = patterns.map((p) => ({ matches: picomatch(p, { dot: true }), pieces: requiredPieces(p) }));
  }

  private candidates(path: string): string[] {
    const out = [path];
    for (const root of this.roots) {
      const prefix = root.endsWith('/') ? root : `${root}/`;
      if (path.startsWith(prefix)) out.push(path.slice(prefix.length));
    }
    return out;
  }

  /**
   * A file the walk skips (and the server does not check on a watcher event): matched by a glob,
   * or inside a hidden folder below a root.
   */
  excludesFile(path: string): boolean {
    const candidates = this.candidates(path);
    for (let i = 1; i < candidates.length; i++) if (inHiddenFolder(candidates[i]!)) return true;
    return this.matchesGlob(candidates);
  }

  private matchesGlob(candidates: readonly string[]): boolean {
    return this.matchers.some(({ matches, pieces }) => candidates.some((c) => (pieces === undefined || pieces.every((piece) => c.includes(piece))) && matches(c)));
  }

  /** A folder the walk does not enter: hidden, or everything under it would be excluded anyway. */
  excludesDirectory(path: string): boolean {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (isHiddenFolderName(name)) return true;
    // `**/target/**` names the folder's contents; a probe child stands for "anything inside".
    return this.matchesGlob(this.candidates(`${path}/\u0000probe`)) && this.matchesGlob(this.candidates(`${path}/\u0000probe/\u0000probe`));
  }
}
