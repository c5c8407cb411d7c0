/**
 * The keyframe listing: a read-only text document per clip window, served by the language
 * server (`ewzanim/keyframeListing`) so the text and its hover come from one layout.
 * URIs look like `ewzanim-listing:/abs/walk.nczxanim.ewzanim-listing?clip=<uri>&from=<frame>`:
 * the `.ewzanim-listing` suffix gives the document its language id, the query names the clip.
 */
export const LISTING_SCHEME = 'ewzanim-listing';
export const LISTING_SUFFIX = '.ewzanim-listing';
/**
 * `ewzanim/keyframeListing`: the text of one window of a clip's keyframes. Its own wire types,
 * written field by field from the core's listing by `protocol/convert/keyframeListing.ts`;
 * pinned by `test/fixtures/wire/keyframeListing.json`.
 */
export const KEYFRAME_LISTING_REQUEST = 'ewzanim/keyframeListing';

export interface KeyframeListingParams {
  /** The clip's URI as a string. */
  clip: string;
  /** First frame of the window (clamped by the server to a window start). */
  firstFrame: number;
}

export interface KeyframeListingResult {
  /** The listing document's text (lines end with '\n'). */
  text: string;
  /** The window actually listed: `[firstFrame, firstFrame + frameCount)`. */
  firstFrame: number;
  frameCount: number;
  /** Frames per window (the step of the next/previous window commands). */
  windowFrames: number;
  /** Frames in the whole clip (0 when the header is unreadable). */
  totalFrames: number;
}

/**
 * The `data` of the request's error: `not-a-clip` (InvalidParams) the URI names another kind
 * of file; `no-such-file` (InvalidParams) nothing, or a folder, is there; `unreadable`
 * (InternalError) reading the file failed. The error's `message` says the same in words.
 */
export interface KeyframeListingErrorData {
  code: 'not-a-clip' | 'no-such-file' | 'unreadable';
}

export interface ListingLocation {
  clip: string;
  firstFrame: number;
}

/**
 * The listing URI of a clip window. The query is base64url JSON: no character in it is ever
 * percent-encoded, so the client's `Uri.query` and the server's URI string agree exactly.
 */
export function listingUri(location: ListingLocation): string {
  const clipPath = location.clip.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
  return `${LISTING_SCHEME}:${clipPath}${LISTING_SUFFIX}?${toBase64Url(JSON.stringify(location))}`;
}

/** The clip window a listing URI names; undefined for any other URI. */
export function parseListingUri(uri: string): ListingLocation | undefined {
  if (!uri.startsWith(`${LISTING_SCHEME}:`)) return undefined;
  const query = /\?([A-Za-z0-9_-]+)(#|$)/.exec(uri)?.[1];
  if (!query) return undefined;
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(query));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { clip, firstFrame } = parsed as Partial<ListingLocation>;
    if (typeof clip !== 'string' || typeof firstFrame !== 'number') return undefined;
    if (!Number.isSafeInteger(firstFrame) || firstFrame < 0) return undefined;
    return { clip, firstFrame };
  } catch {
    return undefined;
  }
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
