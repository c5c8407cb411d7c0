/** What a command needs from the outside world; tests pass their own to capture output. */
import type { FileAccess } from '../formats/fileAccess';

export interface CliIo {
  /** Writes to standard output; resolves when the text may be dropped (backpressure). */
  out(text: string): Promise<void> | void;
  err(text: string): void;
  access: FileAccess;
}

/** Exit statuses, as issue 2 defines them. */
export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

/** "ENOENT: no such file..." style text of a thrown error, without a stack trace. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
