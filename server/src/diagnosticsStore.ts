/**
 * The core's diagnostics per file, kept raw so that a settings change (severity overrides)
 * re-publishes without re-checking. Publishes LSP diagnostics and keeps the problem totals
 * the status bar shows.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { FormatDiagnostic, Severity } from '../../formats/diagnostics';
import { countProblems, toLspDiagnostics, type ProblemCounts, type TranslateOptions } from './translate';

export interface DiagnosticsSink {
  publish(uri: string, diagnostics: Diagnostic[]): void;
}

export class DiagnosticsStore {
  private readonly raw = new Map<string, readonly FormatDiagnostic[]>();
  /** Problem counts of what was published per file (the LSP diagnostics themselves are not kept). */
  private readonly published = new Map<string, ProblemCounts>();

  constructor(
    private readonly sink: DiagnosticsSink,
    private readonly overrides: () => Readonly<Record<string, Severity | 'off'>>,
    private readonly pathToUri: (path: string) => string,
    private readonly translateOptions: () => TranslateOptions = () => ({}),
  ) {}

  set(path: string, diagnostics: readonly FormatDiagnostic[]): void {
    this.raw.set(path, diagnostics);
    this.publishOne(path);
  }

  /** Clears a file's problems (deleted, excluded). */
  delete(path: string): void {
    if (!this.raw.delete(path)) return;
    this.published.delete(path);
    this.sink.publish(this.pathToUri(path), []);
  }

  has(path: string): boolean {
    return this.raw.has(path);
  }

  paths(): string[] {
    return [...this.raw.keys()];
  }

  /** After a settings change: translate everything again with the new overrides. */
  republishAll(): void {
    for (const path of this.raw.keys()) this.publishOne(path);
  }

  totals(): ProblemCounts {
    const counts: ProblemCounts = { errors: 0, warnings: 0, others: 0 };
    for (const c of this.published.values()) {
      counts.errors += c.errors;
      counts.warnings += c.warnings;
      counts.others += c.others;
    }
    return counts;
  }

  private publishOne(path: string): void {
    const lsp = toLspDiagnostics(this.raw.get(path) ?? [], this.overrides(), this.pathToUri, this.translateOptions());
    this.published.set(path, countProblems(lsp));
    this.sink.publish(this.pathToUri(path), lsp);
  }
}
