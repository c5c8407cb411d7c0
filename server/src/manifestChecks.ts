/**
 * Manifest diagnostics: from the unsaved text while a manifest is open (debounced as the user
 * types), from disk otherwise. Keeps the latest result per manifest for the language features
 * (`ServerContext.manifestResult`).
 *
 * Published only for manifests that belong in the Problems panel (open, or found in the
 * workspace): a hover or a preview asking about another manifest gets an answer, not a
 * diagnostic. A manifest with no file behind it publishes nothing; one that cannot be read gets
 * `file/unreadable`, as an unreadable clip does.
 */
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileAccess } from '../../formats/fileAccess';
import { kindOfPath } from '../../formats/fileKinds';
import { readManifestText, unreadableManifestDiagnostic } from '../../formats/manifest';
import { turnsEvery } from '../../formats/hostTurn';
import type { ManifestCheckResult } from './context';
import type { DiagnosticsStore } from './diagnosticsStore';

/** Quiet time after a keystroke before the manifest is checked again. */
export const TYPING_DEBOUNCE_MS = 200;

export interface ManifestChecksDeps {
  files: FileAccess;
  documents: TextDocuments<TextDocument>;
  store: DiagnosticsStore;
  /** The core's manifest check (rules, links, referenced asset summaries). */
  check(path: string, text: string): Promise<ManifestCheckResult>;
  uriToPath(uri: string): string;
  /** Optional: a workspace file's URI (see workspaceFileSystems.ts); absent, `file:` URIs only. */
  isFileUri?(uri: string): boolean;
  /** Found by the workspace walk (or reported by a watcher) and not excluded. */
  inWorkspace(path: string): boolean;
}

type ManifestText = { text: string } | { missing: true } | { unreadable: string };

export class ManifestChecks {
  private readonly latest = new Map<string, Promise<ManifestCheckResult | undefined>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: ManifestChecksDeps) {}

  static isManifest(path: string): boolean {
    return kindOfPath(path)?.kind === 'manifest';
  }

  /** The open document's text edited: check it again after a short quiet time. */
  textChanged(uri: string): void {
    const path = this.deps.uriToPath(uri);
    if (!ManifestChecks.isManifest(path)) return;
    const pending = this.timers.get(path);
    if (pending) clearTimeout(pending);
    this.timers.set(
      path,
      setTimeout(() => {
        this.timers.delete(path);
        void this.check(path);
      }, TYPING_DEBOUNCE_MS),
    );
  }

  /**
   * The latest result; a pending debounced check runs now so the answer matches the text.
   * Undefined for a non-manifest URI, and for a manifest with no readable file behind it.
   */
  async result(uri: string): Promise<ManifestCheckResult | undefined> {
    const path = this.deps.uriToPath(uri);
    if (!ManifestChecks.isManifest(path)) return undefined;
    if (this.timers.has(path)) {
      clearTimeout(this.timers.get(path));
      this.timers.delete(path);
      return this.check(path);
    }
    return this.latest.get(path) ?? this.check(path);
  }

  /** Checks now (open text, else disk) and publishes unless a newer check started meanwhile. */
  check(path: string): Promise<ManifestCheckResult | undefined> {
    const run = this.textOf(path).then(async (found) => {
      const result = 'text' in found ? await this.deps.check(path, found.text) : undefined;
      if (this.latest.get(path) === run) this.publish(path, found, result);
      return result;
    });
    this.latest.set(path, run);
    run.catch(() => {
      if (this.latest.get(path) === run) this.latest.delete(path);
    });
    return run;
  }

  forget(path: string): void {
    const pending = this.timers.get(path);
    if (pending) clearTimeout(pending);
    this.timers.delete(path);
    this.latest.delete(path);
  }

  private publish(path: string, found: ManifestText, result: ManifestCheckResult | undefined): void {
    if ('missing' in found || !(this.isOpen(path) || this.deps.inWorkspace(path))) {
      this.deps.store.delete(path);
      return;
    }
    this.deps.store.set(path, result ? result.diagnostics : [unreadableManifestDiagnostic(path, 'unreadable' in found ? found.unreadable : 'unknown error')]);
  }

  private openDocument(path: string): TextDocument | undefined {
    return this.deps.documents.all().find((d) => (this.deps.isFileUri?.(d.uri) ?? d.uri.startsWith('file:')) && this.deps.uriToPath(d.uri) === path);
  }

  private isOpen(path: string): boolean {
    return this.openDocument(path) !== undefined;
  }

  private async textOf(path: string): Promise<ManifestText> {
    const open = this.openDocument(path);
    if (open) return { text: open.getText() };
    try {
      const stat = await this.deps.files.stat(path);
      if (!stat) return { missing: true };
      if (stat.isDirectory) return { unreadable: 'it is a folder, not a file' };
      if (stat.isFile === false) return { unreadable: 'it is not a regular file' };
      return { text: await readManifestText(this.deps.files, path, stat.size, turnsEvery()) };
    } catch (error) {
      return { unreadable: error instanceof Error ? error.message : String(error) };
    }
  }
}
