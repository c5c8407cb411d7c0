/** `ewzanim` as a function of argv and streams, so tests can run it in-process. */
/*
 * Each command's modules are imported when it runs (the bundle keeps them behind lazy
 * initialisers), so a process runs the top-level code of the one command it was asked for: the
 * glTF export's WebAssembly decoders, the diff and the dumps cost `check` nothing.
 */
import { UsageError, parseCommand, type Command } from './args';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { helpCommandLine, helpText, helpTopicOf } from './usage';
import { EWZANIM_VERSION } from './version';

async function run(io: CliIo, command: Command): Promise<number> {
  switch (command.name) {
    case 'help':
      await io.out(helpText(command));
      return EXIT_OK;
    case 'version':
      await io.out(`${EWZANIM_VERSION}\n`);
      return EXIT_OK;
    case 'check': {
      const { checkCommand } = await import('./checkCommand');
      return checkCommand(io, command.paths, command.format, command.maxProblems, process.cwd(), { mshExtensions: command.mshExtensions, exclude: command.exclude, motion: command.motion });
    }
    case 'dump':
      return (await import('./dumpCommand')).dumpCommand(io, command);
    case 'info':
      return (await import('./infoCommand')).infoCommand(io, command.path, command.fps, command.maxProblems, command.mshExtensions);
    case 'listing':
      return (await import('./listingCommand')).listingCommand(io, command.path, command.fps, command.from, command.all);
    case 'lsp': {
      // The server answers on stdin/stdout until the client says `exit` (which ends the process).
      const [{ startServer }, { createServerConnection }, { nodeRuntime }] = await Promise.all([import('../server/src/startServer'), import('../server/src/transport'), import('../server/src/runtimeNode')]);
      startServer(createServerConnection('stdio'), nodeRuntime);
      return new Promise<number>(() => undefined);
    }
  }
}

/**
 * Returns the exit status. Usage errors are one line on stderr, never a stack trace, and point
 * at the usage of the command that was misused.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    if (argv[0] === 'export') {
      const command = (await import('./exportArgs')).parseExportCommand(argv.slice(1));
      return await (command.name === 'help' ? run(io, command) : (await import('./exportCommand')).exportCommand(io, command));
    }
    if (argv[0] === 'diff') {
      const { diffCommand, parseDiffCommand } = await import('./diffCommand');
      const command = parseDiffCommand(argv.slice(1));
      return await (command.name === 'help' ? run(io, command) : diffCommand(io, command));
    }
    if (argv[0] === 'textconv') {
      const { parseTextconvCommand, textconvCommand } = await import('./textconvCommand');
      const command = parseTextconvCommand(argv.slice(1));
      return await (command.name === 'help' ? run(io, command) : textconvCommand(io, command));
    }
    return await run(io, parseCommand(argv));
  } catch (error) {
    if (error instanceof UsageError) {
      const topic = helpTopicOf(argv.filter((word) => !word.startsWith('-')));
      io.err(`ewzanim: ${error.message}\nRun "${helpCommandLine(topic)}" for usage.\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
