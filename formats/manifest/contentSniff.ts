/**
 * What a file's first bytes say it is, for the wrong-kind rule ("by extension and content"):
 * a PNG renamed to .wav, a glTF listed as a sound. Only formats with a reliable signature.
 */

export type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp' | 'qoi' | 'tiff' | 'wav' | 'xm' | 'it' | 'glb' | 'gltf-json';

/** Bytes `sniffFormat` needs: the XM signature is the longest (17). */
export const SNIFF_BYTES = 17;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < Math.min(end, bytes.length); i++) text += String.fromCharCode(bytes[i]);
  return text;
}

export function sniffFormat(head: Uint8Array): SniffedFormat | undefined {
  const four = ascii(head, 0, 4);
  if (head[0] === 0x89 && four.slice(1) === 'PNG') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (four === 'GIF8') return 'gif';
  if (four === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'wav';
  if (four === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (four === 'qoif') return 'qoi';
  if (four === 'II*\u0000' || four === 'MM\u0000*') return 'tiff';
  if (four === 'IMPM') return 'it';
  if (ascii(head, 0, 17) === 'Extended Module: ') return 'xm';
  if (four === 'glTF') return 'glb';
  if (head[0] === 0x42 && head[1] === 0x4d && head.length >= 14) return 'bmp';
  const firstText = ascii(head, head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0, head.length).trimStart();
  if (firstText.startsWith('{')) return 'gltf-json';
  return undefined;
}

const DESCRIPTIONS: Record<SniffedFormat, string> = {
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  bmp: 'a BMP image',
  webp: 'a WebP image',
  qoi: 'a QOI image',
  tiff: 'a TIFF image',
  wav: 'a WAV sound',
  xm: 'an XM tracker module',
  it: 'an IT tracker module',
  glb: 'a binary glTF (GLB)',
  'gltf-json': 'JSON (a .gltf?)',
};

export function describeFormat(format: SniffedFormat): string {
  return DESCRIPTIONS[format];
}

/** Which sniffed formats each extension may legitimately contain. */
export function formatFitsExtension(format: SniffedFormat, extension: string): boolean {
  switch (extension) {
    case 'png': return format === 'png';
    case 'jpg': case 'jpeg': return format === 'jpeg';
    case 'gif': return format === 'gif';
    case 'bmp': return format === 'bmp';
    case 'webp': return format === 'webp';
    case 'qoi': return format === 'qoi';
    case 'tif': case 'tiff': return format === 'tiff';
    case 'wav': return format === 'wav';
    case 'xm': return format === 'xm';
    case 'it': return format === 'it';
    case 'glb': return format === 'glb';
    case 'gltf': return format === 'gltf-json' || format === 'glb';
    default: return false;
  }
}

/**
 * Extensions whose content we can confirm by signature: for those, an unrecognised head is
 * itself a mismatch (a .png that is not a PNG). Others (.tga, .obj, native binaries) are judged
 * by a recognised foreign signature only.
 */
export const SIGNED_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'qoi', 'wav', 'xm', 'it', 'glb'];
