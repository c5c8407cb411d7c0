/**
 * The one walk of a workspace: every supported file (binary assets of both eras, manifests)
 * under some folders, for `ewzanim check FOLDER` and the language server alike. What it skips is
 * `ExcludeFilter`'s rule (hidden folders, exclude globs); besides that:
 * - symbolic links are followed, but each real folder is entered once and each real file is
 *   reported once, under a path without a link where there is one (else the first path found,
 *   folders in name order, shallower first), so `loop -> .` adds nothing and two such loops do not
 *   make the walk grow;
 * - only regular files are reported: FIFOs, sockets and devices are never opened (a read of a
 *   FIFO waits forever); a link that points nowhere is skipped, one that cannot be followed
 *   (a loop of links, no permission) is reported so its check says why it cannot be read;
 * - folders deeper than `MAX_WALK_DEPTH` below a root are not entered (a problem says so): the
 *   last guard where the file access cannot resolve real paths.
 * Reads go through `FileAccess` (`readDirectoryEntries` and `realPath` when it has them).
 * Each file's kind is decided here, once per name met, and carried with it: the checks that
 * follow take it instead of deciding again.
 */
import type { DirectoryEntry, FileAccess } from '../fileAccess';
import { type FileKind, type KindOfPath, kindsByName } from '../fileKinds';
import type { ExcludeFilter } from './exclude';
import type { TakeTurn } from '../hostTurn';

export const MAX_WALK_DEPTH = 64;
/** Folders read at once: enough to overlap disk latency without flooding the event loop. */
const PARALLEL_DIRECTORIES = 8;
/** Names of one folder judged between two turns of the event loop when the walk is given `takeTurn`. */
export const NAMES_PER_TURN = 1000;

export interface WalkProblem {
  path: string;
  message: string;
}

/** A supported file and the kind its name gave it. */
export interface WalkedFile {
  path: string;
  kind: FileKind;
}

export interface WalkResult {
  /** Supported files, each real file once, sorted folder by folder (as a depth-first walk in name order lists them). */
  files: WalkedFile[];
  /** Folders that could not be read or were not entered, links that could not be followed. */
  problems: WalkProblem[];
}

interface Folder {
  path: string;
  /** Canonical path (links resolved) when the file access can tell; else `path`. */
  real: string;
  depth: number;
  /** Reached through a symbolic link somewhere above. */
  viaLink: boolean;
}

interface Found extends WalkedFile {
  viaLink: boolean;
}

function join(directory: string, name: string): string {
  return directory.endsWith('/') ? directory + name : `${directory}/${name}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const SLASH = 0x2f;

/**
 * Compares paths folder by folder, so `a/x` sorts before `a.b` as a walk in name order meets them:
 * character by character with '/' before every other (a name that ends first sorts first), which
 * orders as comparing the names between the slashes one by one, without cutting any (a sort of
 * 10,000 paths made some 300,000 arrays).
 */
export function compareWalkOrder(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const ca = a.charCodeAt(i), cb = b.charCodeAt(i);
    if (ca === cb) continue;
    if (ca === SLASH) return -1;
    if (cb === SLASH) return 1;
    return ca < cb ? -1 : 1;
  }
  return a.length - b.length;
}

class Walk {
  private readonly visited = new Set<string>();
  private readonly found = new Map<string, Found>();
  /** Folders reached without a link, walked first. */
  private readonly queue: Folder[] = [];
  /** Folders reached through a link, walked once no other folder is left. */
  private readonly linked: Folder[] = [];
  readonly problems: WalkProblem[] = [];

  constructor(
    private readonly access: FileAccess,
    private readonly exclude: ExcludeFilter,
    private readonly kindOf: KindOfPath,
    private readonly takeTurn: TakeTurn | undefined,
  ) {}

  async run(roots: readonly string[]): Promise<WalkedFile[]> {
    for (const root of roots) this.queue.push({ path: root, real: await this.realPath(root), depth: 0, viaLink: false });
    while (this.queue.length > 0 || this.linked.length > 0) {
      // Links resolve in any order; sorted, the same link wins every time.
      if (this.queue.length === 0) this.linked.sort((a, b) => a.depth - b.depth || compareWalkOrder(a.path, b.path));
      const source = this.queue.length > 0 ? this.queue : this.linked;
      const batch = source.splice(0, PARALLEL_DIRECTORIES).filter((folder) => {
        if (this.visited.has(folder.real)) return false;
        this.visited.add(folder.real);
        return true;
      });
      await Promise.all(batch.map((folder) => this.visit(folder)));
    }
    return [...this.found.values()].map(({ path, kind }) => ({ path, kind })).sort((a, b) => compareWalkOrder(a.path, b.path));
  }

  private async realPath(path: string): Promise<string> {
    if (!this.access.realPath) return path;
    try {
      return await this.access.realPath(path);
    } catch {
      return path;
    }
  }

  private async entries(path: string): Promise<DirectoryEntry[]> {
    if (this.access.readDirectoryEntries) return this.access.readDirectoryEntries(path);
    const names = await this.access.readDirectory(path);
    return Promise.all(
      names.map(async (name): Promise<DirectoryEntry> => {
        const stat = await this.access.stat(join(path, name)).catch(() => undefined);
        return { name, type: !stat ? 'other' : stat.isDirectory ? 'directory' : stat.isFile === false ? 'other' : 'file' };
      }),
    );
  }

  private async visit(folder: Folder): Promise<void> {
    let entries: DirectoryEntry[];
    try {
      entries = await this.entries(folder.path);
    } catch (error) {
      this.problems.push({ path: folder.path, message: `cannot read folder: ${errorText(error)}` });
      return;
    }
    const links: Promise<void>[] = [];
    for (const [i, entry] of entries.entries()) {
      if (this.takeTurn && i % NAMES_PER_TURN === NAMES_PER_TURN - 1) await this.takeTurn();
      const path = join(folder.path, entry.name);
      const real = join(folder.real, entry.name);
      if (entry.type === 'directory') this.enter({ path, real, depth: folder.depth + 1, viaLink: folder.viaLink }, false);
      else if (entry.type === 'file') this.file(path, real, folder.viaLink, this.kindOf(path));
      else if (entry.type === 'symlink') links.push(this.follow(folder, path));
    }
    await Promise.all(links);
  }

  private enter(folder: Folder, throughLink: boolean): void {
    if (this.exclude.excludesDirectory(folder.path) || this.visited.has(folder.real)) return;
    if (folder.depth > MAX_WALK_DEPTH) {
      this.problems.push({ path: folder.path, message: `more than ${MAX_WALK_DEPTH} folders deep; not entered` });
      return;
    }
    (throughLink ? this.linked : this.queue).push(folder);
  }

  private file(path: string, real: string, viaLink: boolean, kind: FileKind | undefined): void {
    if (!kind || this.exclude.excludesFile(path)) return;
    const seen = this.found.get(real);
    // One path per real file: a path without links wins over one through a link, then the first in walk order.
    if (!seen || (seen.viaLink && !viaLink) || (seen.viaLink === viaLink && compareWalkOrder(path, seen.path) < 0)) this.found.set(real, { path, kind, viaLink });
  }

  private async follow(folder: Folder, path: string): Promise<void> {
    // The real path first: a link back into a folder already walked (a loop) costs no stat.
    let real = path;
    if (this.access.realPath) {
      try {
        real = await this.access.realPath(path);
      } catch (error) {
        this.unfollowable(path, error);
        return;
      }
      if (this.visited.has(real)) return;
    }
    let stat;
    try {
      stat = await this.access.stat(path);
    } catch (error) {
      this.unfollowable(path, error);
      return;
    }
    if (!stat) return; // points nowhere: nothing the user asked to check
    if (stat.isDirectory) {
      if (this.exclude.excludesDirectory(path)) return;
      this.enter({ path, real, depth: folder.depth + 1, viaLink: true }, true);
    } else if (stat.isFile !== false) {
      this.file(path, real, true, this.kindOf(path));
    }
  }

  /** A link that points nowhere is skipped; one that cannot be followed (a loop of links, no permission) is reported. */
  private unfollowable(path: string, error: unknown): void {
    if ((error as { code?: string } | undefined)?.code === 'ENOENT') return;
    // A supported name is reported as a file, so its check says why it cannot be read.
    const kind = this.kindOf(path);
    if (kind && !this.exclude.excludesFile(path)) this.file(path, path, true, kind);
    else this.problems.push({ path, message: `cannot follow the link: ${errorText(error)}` });
  }
}

/**
 * Every supported file under `roots` (absolute POSIX paths) with its kind, and what could not be
 * walked. `kindOf` decides what a name is (`kindsByName` with the user's MSH extensions).
 * `takeTurn`, where given (a language server), is awaited every `NAMES_PER_TURN` names of a
 * folder, so that a folder of 10,000 files is not judged in one go; the result is the same.
 */
export async function walkWorkspace(access: FileAccess, roots: readonly string[], exclude: ExcludeFilter, kindOf: KindOfPath = kindsByName(), takeTurn?: TakeTurn): Promise<WalkResult> {
  const walk = new Walk(access, exclude, kindOf, takeTurn);
  const files = await walk.run(roots);
  return { files, problems: walk.problems };
}
