/** The `ewzanim` executable (bundled to dist/cli/ewzanim.js): Node streams around `main`. */
import { main } from './main';
import { nodeFileAccess } from '../node/fileAccess';
import type { CliIo } from './io';

/** A closed pipe (`ewzanim dump big.nczxanim | head`) ends the output quietly. */
let stdoutClosed = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') {
    stdoutClosed = true;
    process.exit(0);
  }
  throw error;
});

const io: CliIo = {
  access: nodeFileAccess,
  out: (text) =>
    new Promise<void>((resolve) => {
      if (stdoutClosed || process.stdout.write(text)) resolve();
      else process.stdout.once('drain', resolve);
    }),
  err: (text) => {
    process.stderr.write(text);
  },
};

main(process.argv.slice(2), io).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    // A bug, not bad input: still one line, never a stack trace (EWZANIM_DEBUG=1 shows it).
    const detail = process.env.EWZANIM_DEBUG && error instanceof Error ? error.stack : String(error instanceof Error ? error.message : error);
    process.stderr.write(`ewzanim: internal error: ${detail}\n`);
    process.exitCode = 70;
  },
);
