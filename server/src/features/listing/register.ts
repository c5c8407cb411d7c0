/**
 * `ewzanim/keyframeListing` (protocol/listing.ts): the core's listing window as the request's
 * result; a URI that is not a clip, or names no file, is answered with an error.
 */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { keyframeListing } from '../../../../formats/listing/keyframeListing';
import { keyframeListingErrorData, keyframeListingWire } from '../../../../protocol/convert/keyframeListing';
import { KEYFRAME_LISTING_REQUEST, type KeyframeListingParams, type KeyframeListingResult } from '../../../../protocol/listing';
import type { ServerContext } from '../../context';

export async function keyframeListingRequest(ctx: ServerContext, params: KeyframeListingParams): Promise<KeyframeListingResult> {
  if (typeof params?.clip !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'ewzanim/keyframeListing takes { clip: URI, firstFrame }');
  const firstFrame = Number.isSafeInteger(params.firstFrame) && params.firstFrame >= 0 ? params.firstFrame : 0;
  const listing = await keyframeListing(ctx.files, ctx.uriToPath(params.clip), firstFrame, ctx.settings().frameRate);
  if ('error' in listing) {
    throw new ResponseError(listing.error.code === 'unreadable' ? ErrorCodes.InternalError : ErrorCodes.InvalidParams, listing.error.message, keyframeListingErrorData(listing.error));
  }
  return keyframeListingWire(listing);
}

export function registerListingRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(KEYFRAME_LISTING_REQUEST, (params: KeyframeListingParams) => keyframeListingRequest(ctx, params));
}
