import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileAccess } from '../../formats';
import type { EwzanimSettings } from '../../formats/settings/settings';
import type { ManifestCheckResult, ManifestLanguageService } from '../../formats/manifest';
import type { ClientFeatures } from './clientFeatures';

/** The `ewzanim.*` settings as the server applies them: the one model of formats/settings/. */
export type ServerSettings = EwzanimSettings;

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
  /** A workspace file's URI (file:, or a workspace folder's file system such as github.dev's), not an untitled, git or listing one. */
  isFileUri(uri: string): boolean;
}

export type { ManifestCheckResult };
