/**
 * The one builder of data packs for the demo and the tests: a `[game]` section and
 * `[[assets.*]]` entries rendered as a nether.toml, the entries' files, other files (planted
 * problems, READMEs) and copies of the real packs under test/fixtures/. A pack is plain data
 * (`PackFiles`) until it is written: in memory for the rule tests (`files('/pack/')`), as an e2e
 * workspace (the harness's `makeWorkspace` takes the same shape), or into a folder (`writePack`).
 *
 *   new PackBuilder({ id: 'demo', title: 'Demo', author: 'Me', version: '0.1.0' })
 *     .asset({ section: 'skeletons', id: 'rig', path: 'rig.nczxskel', content: skeletonBytes(3) })
 *     .asset({ section: 'animations', id: 'walk', path: 'walk.nczxanim', content: clip, keys: { skeleton: 'rig' } })
 *     .manifest();
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Where `fixtures` paths point: the repository's copies of real files nobody here wrote. */
export const FIXTURES_DIR = resolve(__dirname, '..', 'test', 'fixtures');

export type FileContent = Uint8Array | string;

/** A pack (or a workspace of packs) as data: relative path -> content, relative path -> fixture. */
export interface PackFiles {
  /** Folders or files under test/fixtures/ copied in first, keyed by their path in the pack. */
  fixtures?: Record<string, string>;
  /** Files written after the copies, keyed by their path in the pack. */
  files?: Record<string, FileContent>;
}

export interface GameSection {
  id: string;
  title: string;
  author: string;
  version: string;
}

export type AssetSection = 'textures' | 'meshes' | 'skeletons' | 'animations' | 'keyframes' | 'sounds' | 'trackers' | 'data';

export interface PackAsset {
  section: AssetSection;
  id: string;
  /** The `path` value, relative to the manifest. */
  path: string;
  /** Keys after `path`, in order: link keys (`skeleton`, `mesh`) and the like. */
  keys?: Readonly<Record<string, string>>;
  /** Comment lines above the entry (without `# `). */
  comment?: string;
  /** The file at `path`; none leaves it missing (a planted `manifest/missing-file`). */
  content?: FileContent;
}

const tomlString = (value: string): string => JSON.stringify(value);

export class PackBuilder {
  private readonly assets: PackAsset[] = [];
  private readonly extra: Record<string, FileContent> = {};
  private readonly copies: Record<string, string> = {};

  /** `header`: comment lines at the top of the manifest (without `# `). */
  constructor(
    private readonly game: GameSection,
    private readonly header?: string,
  ) {}

  asset(asset: PackAsset): this {
    this.assets.push(asset);
    return this;
  }

  /** A file that no entry names (a README, a planted problem, a second manifest). */
  file(path: string, content: FileContent): this {
    this.extra[path] = content;
    return this;
  }

  /** A copy of `test/fixtures/<fixture>` (a file or a folder) at `path` in the pack. */
  fixture(path: string, fixture: string): this {
    this.copies[path] = fixture;
    return this;
  }

  /** The nether.toml text: the header, `[game]`, then each entry after a blank line. */
  manifest(): string {
    const comment = (text: string | undefined): string => (text ? text.split('\n').map((line) => `# ${line}`.trimEnd() + '\n').join('') : '');
    let text = comment(this.header) + (this.header ? '\n' : '') + '[game]\n';
    for (const [key, value] of Object.entries(this.game)) text += `${key} = ${tomlString(value)}\n`;
    for (const asset of this.assets) {
      text += `\n${comment(asset.comment)}[[assets.${asset.section}]]\nid = ${tomlString(asset.id)}\npath = ${tomlString(asset.path)}\n`;
      for (const [key, value] of Object.entries(asset.keys ?? {})) text += `${key} = ${tomlString(value)}\n`;
    }
    return text;
  }

  /**
   * The pack's files under `prefix` (`'/pack/'`, `'planted/'`, or `''`): the entries' files, the
   * other files and, unless `manifest: false`, nether.toml.
   */
  files(prefix = '', options: { manifest?: boolean } = {}): Record<string, FileContent> {
    const files: Record<string, FileContent> = {};
    for (const asset of this.assets) if (asset.content !== undefined) files[prefix + asset.path] = asset.content;
    for (const [path, content] of Object.entries(this.extra)) files[prefix + path] = content;
    if (options.manifest ?? true) files[`${prefix}nether.toml`] = this.manifest();
    return files;
  }

  /** The pack as data, under `prefix`: its fixture copies and its files. */
  build(prefix = ''): PackFiles {
    const fixtures: Record<string, string> = {};
    for (const [path, fixture] of Object.entries(this.copies)) fixtures[prefix + path] = fixture;
    return { fixtures, files: this.files(prefix) };
  }
}

/** Several packs (and loose files) in one workspace: their `PackFiles` merged, later ones winning. */
export function mergePacks(...packs: PackFiles[]): PackFiles {
  return {
    fixtures: Object.assign({}, ...packs.map((p) => p.fixtures ?? {})) as Record<string, string>,
    files: Object.assign({}, ...packs.map((p) => p.files ?? {})) as Record<string, FileContent>,
  };
}

/** Writes `pack` into `directory` (created if needed): the fixture copies first, then the files. */
export function writePack(directory: string, pack: PackFiles): void {
  mkdirSync(directory, { recursive: true });
  for (const [to, from] of Object.entries(pack.fixtures ?? {})) cpSync(join(FIXTURES_DIR, from), join(directory, to), { recursive: true });
  for (const [to, content] of Object.entries(pack.files ?? {})) {
    mkdirSync(dirname(join(directory, to)), { recursive: true });
    writeFileSync(join(directory, to), content);
  }
}
