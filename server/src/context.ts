import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileAccess, Severity } from '../../formats';
import type { ManifestCheckResult, ManifestLanguageService } from '../../formats/manifest';
import type { ClientFeatures } from './clientFeatures';

/** The `ewzanim.*` settings as the server applies them (defaults in `settings.ts`). */
export interface ServerSettings {
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
}

/** What the language features (server/src/features/) get from the server's core. */
export interface ServerContext {
  connection: Connection;
  /** Open text documents (manifests, keyframe listings), with unsaved text. */
  documents: TextDocuments<TextDocument>;
  /** Node file system, read in pieces (never a whole file). Paths are absolute POSIX paths. */
  files: FileAccess;
  /** The manifest language service (pure: plain data in, plain data out). */
  manifestService: ManifestLanguageService;
  /** The latest settings the client sent. */
  settings(): ServerSettings;
  /** What the client declared in `initialize` (before it: a minimal client). */
  client(): ClientFeatures;
  /** The workspace folders (absolute paths). */
  roots(): readonly string[];
  /**
   * The latest manifest check for a manifest URI, computed from the unsaved text when the
   * document is open (waits for a pending debounced check); undefined for a non-manifest URI
   * or a manifest with no readable file.
   */
  manifestResult(uri: string): Promise<ManifestCheckResult | undefined>;
  uriToPath(uri: string): string;
  pathToUri(path: string): string;
}

export type { ManifestCheckResult };
