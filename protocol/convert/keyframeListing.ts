/**
 * The one conversion from the core's keyframe listing (`formats/listing/keyframeListing.ts`) to
 * the `ewzanim/keyframeListing` wire types (`protocol/listing.ts`), field by field.
 */
import type { KeyframeListing, ListingError } from '../../formats/listing/keyframeListing';
import type { KeyframeListingErrorData, KeyframeListingResult } from '../listing';

export function keyframeListingWire(listing: KeyframeListing): KeyframeListingResult {
  return {
    text: listing.text,
    firstFrame: listing.firstFrame,
    frameCount: listing.frameCount,
    windowFrames: listing.windowFrames,
    totalFrames: listing.totalFrames,
  };
}

/** The error's `data`; the message travels as the error's own `message`. */
export function keyframeListingErrorData(error: ListingError): KeyframeListingErrorData {
  return { code: error.code };
}
