import { KEYFRAME_LISTING_REQUEST, type KeyframeListingParams, type KeyframeListingResult } from '../../../../protocol/listing';
import type { ServerContext } from '../../context';
import { keyframeListing } from './listingRequest';

export function registerListingRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    KEYFRAME_LISTING_REQUEST,
    (params: KeyframeListingParams): Promise<KeyframeListingResult> =>
      keyframeListing(ctx.files, ctx.uriToPath(params.clip), params, ctx.settings().frameRate),
  );
}
