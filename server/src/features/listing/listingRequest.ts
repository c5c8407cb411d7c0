/**
 * `ewzanim/keyframeListing`: the text of one window of a clip's listing. Reads the first 16
 * bytes and the window's records (at most LISTING_WINDOW_KEYFRAMES x 16 bytes), never more.
 */
import type { FileAccess } from '../../../../formats';
import type { KeyframeListingParams, KeyframeListingResult } from '../../../../protocol/listing';
import { formatListing, planListing, type ListingPlan, type ListingSource } from './listingText';

/** Size and first bytes of a clip, read through FileAccess; undefined when it does not exist. */
export async function readListingSource(files: FileAccess, path: string, frameRate: number): Promise<ListingSource | undefined> {
  const stat = await files.stat(path);
  if (!stat || stat.isDirectory) return undefined;
  const first16 = await files.read(path, 0, 16);
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { name, size: stat.size, first16, frameRate };
}

export async function keyframeListing(
  files: FileAccess,
  path: string,
  params: KeyframeListingParams,
  frameRate: number,
): Promise<KeyframeListingResult> {
  const source = await readListingSource(files, path, frameRate);
  if (!source) {
    return { text: `# ${path}: no such file\n`, firstFrame: 0, frameCount: 0, windowFrames: 1, totalFrames: 0 };
  }
  const plan: ListingPlan = planListing(source, params.firstFrame);
  const records = plan.recordsEnd > plan.recordsStart ? await files.read(path, plan.recordsStart, plan.recordsEnd - plan.recordsStart) : new Uint8Array(0);
  return {
    text: formatListing(source, plan, records),
    firstFrame: plan.window?.firstFrame ?? 0,
    frameCount: plan.window?.frameCount ?? 0,
    windowFrames: plan.window?.windowFrames ?? 1,
    totalFrames: plan.window?.totalFrames ?? 0,
  };
}
