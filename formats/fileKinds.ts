/**
 * The registry of file kinds: which kind a path names (by extension: both console eras, and the
 * MSH family), which kind bytes are (by magic, where the format has one), and which services
 * each kind has. Every adapter asks here what a file is and what it can do with it.
 */
import type { FileAccess } from './fileAccess';
import { containerKindOf } from './msh/nres';

/** Console data (clip, skeleton, mesh, ROM, manifest) and the MSH family (NRes archives and models). */
export type AssetKind = 'clip' | 'skeleton' | 'mesh' | 'rom' | 'manifest' | 'msh';
export type Era = 'emberware' | 'nethercore';

interface KindRule {
  suffix: string;
  kind: AssetKind;
  /** The console era of the extension; the MSH family has none. */
  era?: Era;
}

/** What a path or bytes were found to be. */
export interface FileKind {
  kind: AssetKind;
  era?: Era;
}

/** Extensions claimed for MSH models by default. */
export const MSH_DEFAULT_EXTENSIONS: readonly string[] = ['.msh'];
/**
 * Extensions NRes archives also carry (`.rlb`, `.lib`): generic names other tools use too, so
 * they are MSH files only when the user lists them (setting `ewzanim.msh.extensions`).
 */
export const MSH_OPTIONAL_EXTENSIONS: readonly string[] = ['.rlb', '.lib'];

export interface KindOptions {
  /** Extensions (with the dot, lower case) read as NRes/MSH files; default `MSH_DEFAULT_EXTENSIONS`. */
  mshExtensions?: readonly string[];
}

const RULES: readonly KindRule[] = [
  { suffix: '.ewzanim', kind: 'clip', era: 'emberware' },
  { suffix: '.nczxanim', kind: 'clip', era: 'nethercore' },
  { suffix: '.ewzskel', kind: 'skeleton', era: 'emberware' },
  { suffix: '.nczxskel', kind: 'skeleton', era: 'nethercore' },
  { suffix: '.ewzmesh', kind: 'mesh', era: 'emberware' },
  { suffix: '.nczxmesh', kind: 'mesh', era: 'nethercore' },
  { suffix: '.nczmesh', kind: 'mesh', era: 'nethercore' },
  { suffix: '.ewz', kind: 'rom', era: 'emberware' },
  { suffix: '.ewzx', kind: 'rom', era: 'emberware' },
  { suffix: '.nczx', kind: 'rom', era: 'nethercore' },
  { suffix: 'ember.toml', kind: 'manifest', era: 'emberware' },
  { suffix: 'nether.toml', kind: 'manifest', era: 'nethercore' },
];

function baseName(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return path.slice(slash + 1).toLowerCase();
}

export function kindOfPath(path: string, options: KindOptions = {}): FileKind | undefined {
  const name = baseName(path);
  for (const rule of RULES) {
    if (rule.kind === 'manifest' ? name === rule.suffix : name.endsWith(rule.suffix)) {
      return rule.era ? { kind: rule.kind, era: rule.era } : { kind: rule.kind };
    }
  }
  const msh = options.mshExtensions ?? MSH_DEFAULT_EXTENSIONS;
  if (msh.some((ext) => ext.length > 1 && name.endsWith(ext.toLowerCase()))) return { kind: 'msh' };
  return undefined;
}

/**
 * The kind the first bytes prove, for formats with a magic: NRes (`NRes`) and RsLi (`NL\0\1`)
 * containers are the MSH family (an RsLi file is then reported as out of scope). Clips,
 * skeletons and meshes have no magic; ROM magics are checked by the ROM rules, not guessed.
 */
export function kindOfBytes(first4: Uint8Array): FileKind | undefined {
  return containerKindOf(first4) === 'unknown' ? undefined : { kind: 'msh' };
}

/** A decision of what a path names, with the user's options bound (the workspace walk takes one). */
export type KindOfPath = (path: string) => FileKind | undefined;

/** `kindOfPath` with these options. */
export function kindsByName(options: KindOptions = {}): KindOfPath {
  return (path) => kindOfPath(path, options);
}

/** The kind by the magic of the file's first bytes; undefined when it has none or cannot be read. */
export async function kindByMagic(access: Pick<FileAccess, 'read'>, path: string): Promise<FileKind | undefined> {
  try {
    return kindOfBytes(await access.read(path, 0, 4));
  } catch {
    return undefined;
  }
}

/** What a file is: its name by the registry (with the user's MSH extensions), else its magic (an NRes or RsLi container under any name). */
export async function fileKindOf(access: Pick<FileAccess, 'read'>, path: string, options: KindOptions = {}): Promise<FileKind | undefined> {
  return kindOfPath(path, options) ?? (await kindByMagic(access, path));
}

/** The services each kind has, for adapters that offer them. */
export interface KindServices {
  /** Diagnostics (`checkFile`). */
  check: boolean;
  /** What each byte is (hover, hex tooltip). */
  describe: boolean;
  /** A text listing of the records. */
  listing: boolean;
  /** Annotated rows in the hex editor. */
  hexRows: boolean;
  /** The live preview. */
  preview: boolean;
}

export const KIND_SERVICES: Readonly<Record<AssetKind, KindServices>> = {
  clip: { check: true, describe: true, listing: true, hexRows: true, preview: true },
  skeleton: { check: true, describe: true, listing: false, hexRows: true, preview: false },
  mesh: { check: true, describe: false, listing: false, hexRows: false, preview: false },
  rom: { check: true, describe: false, listing: false, hexRows: false, preview: false },
  manifest: { check: true, describe: false, listing: false, hexRows: false, preview: false },
  msh: { check: true, describe: true, listing: true, hexRows: true, preview: true },
};

/** The Nethercore extension for an Emberware-era binary path (`walk.ewzanim` -> `walk.nczxanim`). */
export function nethercoreRename(path: string): string | undefined {
  const renames: Record<string, string> = {
    '.ewzanim': '.nczxanim',
    '.ewzskel': '.nczxskel',
    '.ewzmesh': '.nczxmesh',
    '.ewzx': '.nczx',
    '.ewz': '.nczx',
  };
  const lower = path.toLowerCase();
  for (const [from, to] of Object.entries(renames)) {
    if (lower.endsWith(from)) return path.slice(0, path.length - from.length) + to;
  }
  return undefined;
}

/**
 * Every binary file extension the tools understand by default, for watchers, activation and
 * directory walks (the generic NRes extensions only when the user lists them).
 */
export const BINARY_EXTENSIONS: readonly string[] = binaryExtensions();
export const MANIFEST_NAMES: readonly string[] = ['nether.toml', 'ember.toml'];

/**
 * Every binary file extension that names a kind with these options (the user's MSH extensions
 * instead of the default ones), each once: what file watchers must cover.
 */
export function binaryExtensions(options: KindOptions = {}): string[] {
  const msh = (options.mshExtensions ?? MSH_DEFAULT_EXTENSIONS).map((ext) => ext.toLowerCase());
  return [...new Set([...RULES.filter((r) => r.kind !== 'manifest').map((r) => r.suffix), ...msh])];
}

/** The binary extensions whose kind has `service` (`listing`: clips and MSH models), with these options. */
export function extensionsWith(service: keyof KindServices, options: KindOptions = {}): string[] {
  return binaryExtensions(options).filter((ext) => {
    const found = kindOfPath(ext, options);
    return found !== undefined && KIND_SERVICES[found.kind][service];
  });
}

/** A watcher glob for files with these extensions anywhere (`**\/*.{nczxanim,msh}`). */
export function extensionsGlob(extensions: readonly string[]): string {
  return `**/*.{${extensions.map((ext) => ext.slice(1)).join(',')}}`;
}
