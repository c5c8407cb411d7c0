import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad usage: reported in one line with a pointer to --help, exit status 2. */
export class UsageError extends Error {}

/**
 * A `util.parseArgs` failure as one short usage line (Node's messages are long: "...place it at
 * the end of the command after '--'...": keep the gist).
 */
export function usageErrorOf(error: unknown): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^']*)'/.exec(message)?.[1];
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return new UsageError(`unknown option ${option}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) return new UsageError(`option ${option.split(' ')[0]} needs a value`);
  return new UsageError(message.split('\n')[0] ?? message);
}

/** `util.parseArgs` in strict mode with operands allowed, its failures as one-line usage errors. */
export function parseArgv<T extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageErrorOf(error);
  }
}
