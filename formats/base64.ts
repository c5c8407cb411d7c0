/**
 * Standard base64 of bytes, without Node's Buffer: the browser build (VS Code for the Web) and
 * the desktop share it (hex editor backups, webview nonces, the web worker's file requests).
 */

/** Characters per `String.fromCharCode` call: well under the engines' argument limits. */
const PIECE = 0x8000;

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += PIECE) binary += String.fromCharCode(...bytes.subarray(i, i + PIECE));
  return btoa(binary);
}

export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

