/**
 * The `ewzanim.*` settings, one model for the language server and the extension alike: the
 * fields and their defaults (package.json's `contributes.configuration` declares the same, a
 * test holds them equal), how a raw value is validated, and what a change of them means.
 * Pure: the adapters hand in what their settings API gives (`workspace/configuration`'s nested
 * object, VS Code's `WorkspaceConfiguration.get`) and get plain data back.
 */
import type { Severity } from '../diagnostics';
import { MSH_DEFAULT_EXTENSIONS } from '../fileKinds';
import { DEFAULT_ANIMATION_BUFFER_LIMIT } from '../manifest/rules/budget';
import { DEFAULT_MOTION_OPTIONS, type MotionOptions } from '../motion/motionOptions';
import { DEFAULT_MAX_KEYFRAME_PROBLEMS } from '../problemCollector';
import { DEFAULT_EXCLUDE } from '../workspace/exclude';

/** The section every setting lives under (`ewzanim.frameRate`...). */
export const SETTINGS_SECTION = 'ewzanim';

export interface EwzanimSettings {
  /** Frames per second for durations and times (clips store none). */
  frameRate: number;
  /** Per-file cap on per-keyframe problems; one summary diagnostic gives the total. */
  maxKeyframeProblems: number;
  /** Severity per diagnostic code, or 'off' to drop the code. */
  severityOverrides: Record<string, Severity | 'off'>;
  /** Glob patterns (workspace-relative or absolute) of files the workspace check skips. */
  exclude: string[];
  /** Bytes the decoded clips may take in the GPU's storage-buffer binding (`manifest/animation-budget`). */
  maxStorageBufferBindingSize: number;
  /** Extensions (lower case, with the dot) read as NRes/MSH files; `.msh` by default. */
  mshExtensions: string[];
  /** `anim/pop`: the least turn between two frames that can be a pop, in degrees. */
  motionPopMinDegrees: number;
  /** `anim/pop`, `anim/position-jump`: how many times the bone's typical step a pop or jump is. */
  motionJumpRatio: number;
  /** The FBX2glTF binary the export from .fbx runs; '' finds it on PATH or in node_modules/fbx2gltf. */
  fbx2gltfPath: string;
}

export type SettingName = keyof EwzanimSettings;

/** Each field's key below `ewzanim.` (as package.json declares it). */
export const SETTING_KEYS: Readonly<Record<SettingName, string>> = {
  frameRate: 'frameRate',
  maxKeyframeProblems: 'maxKeyframeProblems',
  severityOverrides: 'severityOverrides',
  exclude: 'exclude',
  maxStorageBufferBindingSize: 'maxStorageBufferBindingSize',
  mshExtensions: 'msh.extensions',
  motionPopMinDegrees: 'motion.popMinDegrees',
  motionJumpRatio: 'motion.jumpRatio',
  fbx2gltfPath: 'fbx2gltf.path',
};

export const DEFAULT_SETTINGS: Readonly<EwzanimSettings> = Object.freeze({
  frameRate: 30,
  maxKeyframeProblems: DEFAULT_MAX_KEYFRAME_PROBLEMS,
  severityOverrides: {},
  exclude: [...DEFAULT_EXCLUDE],
  maxStorageBufferBindingSize: DEFAULT_ANIMATION_BUFFER_LIMIT,
  mshExtensions: [...MSH_DEFAULT_EXTENSIONS],
  motionPopMinDegrees: DEFAULT_MOTION_OPTIONS.popMinDegrees,
  motionJumpRatio: DEFAULT_MOTION_OPTIONS.jumpRatio,
  fbx2gltfPath: '',
});

/** A setting's raw value by its key below `ewzanim.` (`msh.extensions`); undefined when unset. */
export type SettingLookup = (key: string) => unknown;

/** `.msh`, `.RLB`: a dot, then letters, digits, `_` or `-` (package.json's pattern); stored lower case. */
const EXTENSION = /^\.[a-z0-9_-]+$/i;

const OVERRIDE_VALUES: ReadonlySet<string> = new Set<Severity | 'off'>(['error', 'warning', 'information', 'hint', 'off']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A lookup into the nested object `workspace/configuration` answers for section `ewzanim`
 * (`{ msh: { extensions: [...] } }`); a client that sends the dotted key itself
 * (`{ "msh.extensions": [...] }`) is read too.
 */
export function nestedLookup(raw: unknown): SettingLookup {
  const source = isRecord(raw) ? raw : {};
  return (key) => {
    if (key in source) return source[key];
    let value: unknown = source;
    for (const part of key.split('.')) value = isRecord(value) ? value[part] : undefined;
    return value;
  };
}

function positiveNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function inRange(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && value >= min && value <= max ? value : fallback;
}

function severityOverrides(value: unknown): Record<string, Severity | 'off'> {
  const overrides: Record<string, Severity | 'off'> = {};
  if (!isRecord(value)) return overrides;
  for (const [code, severity] of Object.entries(value)) {
    if (typeof severity === 'string' && OVERRIDE_VALUES.has(severity)) overrides[code] = severity as Severity | 'off';
  }
  return overrides;
}

function stringList(value: unknown, keep: (text: string) => boolean, fallback: readonly string[]): string[] {
  return Array.isArray(value) ? value.filter((e): e is string => typeof e === 'string' && keep(e)) : [...fallback];
}

/**
 * The settings from their raw values, checked field by field: a missing or malformed value
 * falls back to its default instead of breaking every check; malformed list items are dropped.
 */
export function readSettings(lookup: SettingLookup): EwzanimSettings {
  const get = (name: SettingName): unknown => lookup(SETTING_KEYS[name]);
  const cap = get('maxKeyframeProblems');
  const binding = get('maxStorageBufferBindingSize');
  return {
    frameRate: positiveNumber(get('frameRate'), DEFAULT_SETTINGS.frameRate),
    maxKeyframeProblems: typeof cap === 'number' && Number.isInteger(cap) && cap >= 0 ? cap : DEFAULT_SETTINGS.maxKeyframeProblems,
    severityOverrides: severityOverrides(get('severityOverrides')),
    exclude: stringList(get('exclude'), (p) => p.length > 0, DEFAULT_SETTINGS.exclude),
    maxStorageBufferBindingSize: Number.isSafeInteger(binding) ? positiveNumber(binding, DEFAULT_SETTINGS.maxStorageBufferBindingSize) : DEFAULT_SETTINGS.maxStorageBufferBindingSize,
    mshExtensions: stringList(get('mshExtensions'), (e) => EXTENSION.test(e), DEFAULT_SETTINGS.mshExtensions).map((e) => e.toLowerCase()),
    motionPopMinDegrees: inRange(get('motionPopMinDegrees'), 1, 180, DEFAULT_SETTINGS.motionPopMinDegrees),
    motionJumpRatio: inRange(get('motionJumpRatio'), 1, Infinity, DEFAULT_SETTINGS.motionJumpRatio),
    fbx2gltfPath: typeof get('fbx2gltfPath') === 'string' ? (get('fbx2gltfPath') as string).trim() : DEFAULT_SETTINGS.fbx2gltfPath,
  };
}

/** The fields whose values differ (lists and maps by content). */
export function changedSettings(previous: EwzanimSettings, next: EwzanimSettings): SettingName[] {
  return (Object.keys(SETTING_KEYS) as SettingName[]).filter((name) => JSON.stringify(previous[name]) !== JSON.stringify(next[name]));
}

/** What a change means for the workspace: its files checked again, and which files are watched. */
export interface SettingsChange {
  changed: SettingName[];
  /** The checks' results depend on a changed field: every file is found and checked again. */
  recheck: boolean;
  /** The extensions of the checked files changed: the file watchers follow. */
  watchers: boolean;
}

/** Severity overrides and the frame rate only change how results are shown, not the results. */
const RECHECKED_BY: readonly SettingName[] = ['maxKeyframeProblems', 'exclude', 'maxStorageBufferBindingSize', 'mshExtensions', 'motionPopMinDegrees', 'motionJumpRatio'];

export function settingsChange(previous: EwzanimSettings, next: EwzanimSettings): SettingsChange {
  const changed = changedSettings(previous, next);
  return { changed, recheck: changed.some((name) => RECHECKED_BY.includes(name)), watchers: changed.includes('mshExtensions') };
}

/** The motion rules' options from the settings (what a clip check passes as `motion`). */
export function motionOptionsOf(settings: Pick<EwzanimSettings, 'motionPopMinDegrees' | 'motionJumpRatio' | 'frameRate'>): MotionOptions {
  return { popMinDegrees: settings.motionPopMinDegrees, jumpRatio: settings.motionJumpRatio, frameRate: settings.frameRate };
}
