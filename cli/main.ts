/** `ewzanim` as a function of argv and streams, so tests can run it in-process. */
import { HELP_TEXT, UsageError, parseCommand, type Command } from './args';
import { checkCommand } from './checkCommand';
import { dumpCommand } from './dumpCommand';
import { parseExportCommand } from './exportArgs';
import { exportCommand } from './exportCommand';
import { infoCommand } from './infoCommand';
import { listingCommand } from './listingCommand';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { EWZANIM_VERSION } from './version';

async function run(io: CliIo, command: Command): Promise<number> {
  switch (command.name) {
    case 'help':
      await io.out(HELP_TEXT);
      return EXIT_OK;
    case 'version':
      await io.out(`${EWZANIM_VERSION}\n`);
      return EXIT_OK;
    case 'check':
      return checkCommand(io, command.paths, command.format, command.maxProblems, process.cwd(), { mshExtensions: command.mshExtensions, exclude: command.exclude });
    case 'dump':
      return dumpCommand(io, command);
    case 'info':
      return infoCommand(io, command.path, command.fps, command.maxProblems, command.mshExtensions);
    case 'listing':
      return listingCommand(io, command.path, command.fps, command.from, command.all);
    case 'lsp': {
      // The server answers on stdin/stdout until the client says `exit` (which ends the process).
      const [{ startServer }, { createServerConnection }] = await Promise.all([import('../server/src/startServer'), import('../server/src/transport')]);
      startServer(createServerConnection('stdio'));
      return new Promise<number>(() => undefined);
    }
  }
}

/** Returns the exit status. Usage errors are one line on stderr, never a stack trace. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    if (argv[0] === 'export') return await exportCommand(io, parseExportCommand(argv.slice(1)));
    return await run(io, parseCommand(argv));
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`ewzanim: ${error.message}\nRun "ewzanim --help" for usage.\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
