/**
 * The `ewzanim.exclude` globs. A pattern matches a path relative to any workspace folder
 * (`**\/target/**`) or the absolute path. Version-control folders are never walked.
 */
import picomatch from 'picomatch';

const ALWAYS_SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', '.hg', '.svn']);

export class ExcludeFilter {
  private readonly matchers: ((path: string) => boolean)[];

  constructor(
    patterns: readonly string[],
    private readonly roots: readonly string[],
  ) {
    this.matchers = patterns.map((p) => picomatch(p, { dot: true }));
  }

  private candidates(path: string): string[] {
    const out = [path];
    for (const root of this.roots) {
      const prefix = root.endsWith('/') ? root : `${root}/`;
      if (path.startsWith(prefix)) out.push(path.slice(prefix.length));
    }
    return out;
  }

  /** A file the workspace check skips. */
  excludesFile(path: string): boolean {
    const candidates = this.candidates(path);
    return this.matchers.some((m) => candidates.some((c) => m(c)));
  }

  /** A folder the walk does not enter: everything under it would be excluded anyway. */
  excludesDirectory(path: string): boolean {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (ALWAYS_SKIPPED_DIRECTORIES.has(name)) return true;
    // `**/target/**` names the folder's contents; a probe child stands for "anything inside".
    return this.excludesFile(`${path}/\u0000probe`) && this.excludesFile(`${path}/\u0000probe/\u0000probe`);
  }
}
