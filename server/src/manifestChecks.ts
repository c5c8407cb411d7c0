/**
 * Manifest diagnostics: from the unsaved text while a manifest is open (debounced as the user
 * types), from disk otherwise. Keeps the latest result per manifest for the language features
 * (`ServerContext.manifestResult`).
 */
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileAccess } from '../../formats/fileAccess';
import { kindOfPath } from '../../formats/fileKinds';
import { readManifestText } from '../../formats/manifest';
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
}

export class ManifestChecks {
  private readonly latest = new Map<string, Promise<ManifestCheckResult>>();
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

  /** The latest result; a pending debounced check runs now so the answer matches the text. */
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
  check(path: string): Promise<ManifestCheckResult> {
    const run = this.textOf(path).then((text) => this.deps.check(path, text));
    this.latest.set(path, run);
    run.then(
      (result) => {
        if (this.latest.get(path) === run) this.deps.store.set(path, result.diagnostics);
      },
      () => {
        if (this.latest.get(path) === run) this.latest.delete(path);
      },
    );
    return run;
  }

  forget(path: string): void {
    const pending = this.timers.get(path);
    if (pending) clearTimeout(pending);
    this.timers.delete(path);
    this.latest.delete(path);
  }

  private openDocument(path: string): TextDocument | undefined {
    return this.deps.documents.all().find((d) => d.uri.startsWith('file:') && this.deps.uriToPath(d.uri) === path);
  }

  private async textOf(path: string): Promise<string> {
    const open = this.openDocument(path);
    if (open) return open.getText();
    const stat = await this.deps.files.stat(path);
    return stat ? readManifestText(this.deps.files, path, stat.size) : '';
  }
}
