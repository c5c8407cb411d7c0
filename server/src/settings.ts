import type { Severity } from '../../formats/diagnostics';
import { DEFAULT_ANIMATION_BUFFER_LIMIT } from '../../formats/manifest';
import { MSH_DEFAULT_EXTENSIONS } from '../../formats/fileKinds';
import { DEFAULT_EXCLUDE } from '../../formats/workspace/exclude';
import type { ServerSettings } from './context';

/** The defaults declared in package.json `contributes.configuration`. */
export const DEFAULT_SETTINGS: ServerSettings = {
  frameRate: 30,
  maxKeyframeProblems: 100,
  severityOverrides: {},
  exclude: [...DEFAULT_EXCLUDE],
  maxStorageBufferBindingSize: DEFAULT_ANIMATION_BUFFER_LIMIT,
  mshExtensions: [...MSH_DEFAULT_EXTENSIONS],
};

/** `.msh`, `.RLB`: a dot, then letters, digits, `_` or `-`; stored lower case. */
const EXTENSION = /^\.[a-z0-9_-]+$/i;

const OVERRIDE_VALUES: ReadonlySet<string> = new Set<Severity | 'off'>(['error', 'warning', 'information', 'hint', 'off']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Settings as the client sent them (`workspace/configuration` for section `ewzanim`), checked
 * field by field: a missing or malformed value falls back to its default instead of breaking
 * every check.
 */
export function normalizeSettings(raw: unknown): ServerSettings {
  const source = isRecord(raw) ? raw : {};
  const frameRate = source.frameRate;
  const cap = source.maxKeyframeProblems;
  const binding = source.maxStorageBufferBindingSize;
  const overrides: Record<string, Severity | 'off'> = {};
  if (isRecord(source.severityOverrides)) {
    for (const [code, value] of Object.entries(source.severityOverrides)) {
      if (typeof value === 'string' && OVERRIDE_VALUES.has(value)) overrides[code] = value as Severity | 'off';
    }
  }
  const exclude = Array.isArray(source.exclude)
    ? source.exclude.filter((p): p is string => typeof p === 'string' && p.length > 0)
    : DEFAULT_SETTINGS.exclude;
  // `ewzanim.msh.extensions` arrives nested: { msh: { extensions: [...] } }.
  const listed = isRecord(source.msh) ? source.msh.extensions : undefined;
  const msh = Array.isArray(listed)
    ? listed.filter((e): e is string => typeof e === 'string' && EXTENSION.test(e)).map((e) => e.toLowerCase())
    : DEFAULT_SETTINGS.mshExtensions;
  return {
    frameRate: typeof frameRate === 'number' && Number.isFinite(frameRate) && frameRate > 0 ? frameRate : DEFAULT_SETTINGS.frameRate,
    maxKeyframeProblems:
      typeof cap === 'number' && Number.isInteger(cap) && cap >= 0 ? cap : DEFAULT_SETTINGS.maxKeyframeProblems,
    severityOverrides: overrides,
    exclude,
    maxStorageBufferBindingSize:
      typeof binding === 'number' && Number.isSafeInteger(binding) && binding > 0 ? binding : DEFAULT_SETTINGS.maxStorageBufferBindingSize,
    mshExtensions: msh,
  };
}
