/**
 * One window of a clip's keyframe listing, read through `FileAccess`: the first 16 bytes and the
 * window's records (at most LISTING_WINDOW_KEYFRAMES x 16 bytes), never more. The language
 * server's `ewzanim/keyframeListing` request and `ewzanim listing FILE` print exactly this text.
 * A path that is not a clip, or no file, is an error result, never a guess at its bytes.
 */
import { byteSourceOf, type FileAccess } from '../fileAccess';
import { fileKindOf } from '../fileKinds';
import { mshListing } from '../msh/listing';
import { formatListing, planListing, type ListingPlan, type ListingSource } from './listingText';

export interface KeyframeListing {
  text: string;
  /** The window actually listed: `[firstFrame, firstFrame + frameCount)`. */
  firstFrame: number;
  frameCount: number;
  /** Frames per window (the step to the next window). */
  windowFrames: number;
  /** Frames in the whole clip (0 when the header is unreadable). */
  totalFrames: number;
}

export interface ListingError {
  /** `not-a-clip`: the path names another kind of file; `no-such-file`: nothing (or a folder) there; `unreadable`: reading failed. */
  code: 'not-a-clip' | 'no-such-file' | 'unreadable';
  message: string;
}

/** Size and first bytes of a clip, read through FileAccess; undefined when it does not exist. */
export async function readListingSource(files: FileAccess, path: string, frameRate: number): Promise<ListingSource | undefined> {
  const stat = await files.stat(path);
  if (!stat || stat.isDirectory) return undefined;
  const first16 = await files.read(path, 0, 16);
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { name, size: stat.size, first16, frameRate };
}

/**
 * An NRes file's listing: every model's nodes and keys, and the poses at one frame (a window is
 * one frame, so next/previous window steps through the animation).
 */
async function modelListing(files: FileAccess, path: string, frame: number): Promise<KeyframeListing | { error: ListingError }> {
  try {
    const stat = await files.stat(path);
    if (!stat || stat.isDirectory) return { error: { code: 'no-such-file', message: `${path}: no such file.` } };
    const listing = await mshListing(byteSourceOf(files, path, stat.size), path.slice(path.lastIndexOf('/') + 1), frame);
    return { text: listing.text, firstFrame: listing.frame, frameCount: listing.totalFrames > 0 ? 1 : 0, windowFrames: 1, totalFrames: listing.totalFrames };
  } catch (error) {
    return { error: { code: 'unreadable', message: `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}.` } };
  }
}

export async function keyframeListing(files: FileAccess, path: string, requestedFirstFrame: number, frameRate: number): Promise<KeyframeListing | { error: ListingError }> {
  // By name, else by magic: an NRes file under any name has a listing too.
  const kind = (await fileKindOf(files, path))?.kind;
  if (kind === 'msh') return modelListing(files, path, requestedFirstFrame);
  if (kind !== 'clip') {
    const what = kind ? `a ${kind === 'rom' ? 'packed ROM' : kind}` : 'not a supported file';
    return { error: { code: 'not-a-clip', message: `${path} is ${what}, not a clip (.nczxanim / .ewzanim) or an MSH model: only those have a keyframe listing.` } };
  }
  let source: ListingSource | undefined;
  let plan: ListingPlan;
  let records: Uint8Array;
  try {
    source = await readListingSource(files, path, frameRate);
    if (!source) return { error: { code: 'no-such-file', message: `${path}: no such file.` } };
    plan = planListing(source, requestedFirstFrame);
    records = plan.recordsEnd > plan.recordsStart ? await files.read(path, plan.recordsStart, plan.recordsEnd - plan.recordsStart) : new Uint8Array(0);
  } catch (error) {
    return { error: { code: 'unreadable', message: `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}.` } };
  }
  return {
    text: formatListing(source, plan, records),
    firstFrame: plan.window?.firstFrame ?? 0,
    frameCount: plan.window?.frameCount ?? 0,
    windowFrames: plan.window?.windowFrames ?? 1,
    totalFrames: plan.window?.totalFrames ?? 0,
  };
}
