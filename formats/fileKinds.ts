/** Which supported file a path names, by extension (both eras), and the era it belongs to. */

export type AssetKind = 'clip' | 'skeleton' | 'mesh' | 'rom' | 'manifest';
export type Era = 'emberware' | 'nethercore';

interface KindRule {
  suffix: string;
  kind: AssetKind;
  era: Era;
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

export function kindOfPath(path: string): { kind: AssetKind; era: Era } | undefined {
  const name = baseName(path);
  for (const rule of RULES) {
    if (rule.kind === 'manifest' ? name === rule.suffix : name.endsWith(rule.suffix)) {
      return { kind: rule.kind, era: rule.era };
    }
  }
  return undefined;
}

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

/** Every file extension the tools understand, for watchers, activation and directory walks. */
export const BINARY_EXTENSIONS: readonly string[] = RULES.filter((r) => r.kind !== 'manifest').map((r) => r.suffix);
export const MANIFEST_NAMES: readonly string[] = ['nether.toml', 'ember.toml'];
