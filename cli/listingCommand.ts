/** `ewzanim listing FILE`: the keyframe listing the language server shows, on standard output. */
import { keyframeListing } from '../formats/listing/keyframeListing';
import { LISTING_HEADER_LINES } from '../formats/listing/listingLayout';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';

export async function listingCommand(io: CliIo, path: string, fps: number, from: number, all: boolean): Promise<number> {
  let first = await keyframeListing(io.access, path, from, fps);
  if ('error' in first) {
    io.err(`ewzanim: ${first.error.message}\n`);
    return EXIT_USAGE;
  }
  await io.out(first.text);
  if (!all) return EXIT_OK;
  // Every later window without its header lines: one listing, read a window at a time.
  for (let next = first.firstFrame + first.frameCount; next < first.totalFrames && first.frameCount > 0; next = first.firstFrame + first.frameCount) {
    const window = await keyframeListing(io.access, path, next, fps);
    if ('error' in window) {
      io.err(`ewzanim: ${window.error.message}\n`);
      return EXIT_USAGE;
    }
    await io.out(window.text.split('\n').slice(LISTING_HEADER_LINES).join('\n'));
    first = window;
  }
  return EXIT_OK;
}
