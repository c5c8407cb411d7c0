/**
 * Exports: the frame shown as a PNG (the renderer's pixels, encoded by the browser's canvas
 * encoder), and the clip played once as a WebM video (MediaRecorder on the canvas's
 * captureStream, where the webview offers both). The bytes go to the host, which asks where to
 * save them (webviews cannot write files).
 */

/** RGBA rows (top first) to PNG bytes. */
export async function encodePng(width: number, height: number, rgba: Uint8Array): Promise<Uint8Array> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2D canvas to encode the PNG with');
  const image = g.createImageData(width, height);
  image.data.set(rgba);
  g.putImageData(image, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the browser did not encode the PNG');
  return new Uint8Array(await blob.arrayBuffer());
}

/** The WebM flavour this webview can record, or undefined (with `videoUnsupportedReason`). */
export function webmType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement.prototype.captureStream !== 'function') return undefined;
  return ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
}

export function videoUnsupportedReason(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return 'This webview has no MediaRecorder: video export is not available.';
  if (typeof HTMLCanvasElement.prototype.captureStream !== 'function') return 'This webview cannot capture a canvas as a stream: video export is not available.';
  if (!webmType()) return 'This webview records no WebM format: video export is not available.';
  return undefined;
}

/**
 * Records `canvas` while `play` runs the clip once; `play` calls its argument when the clip
 * has ended. Resolves with the WebM bytes.
 */
export async function recordWebm(canvas: HTMLCanvasElement, frameRate: number, play: (done: () => void) => void): Promise<Uint8Array> {
  const type = webmType();
  if (!type) throw new Error(videoUnsupportedReason());
  const stream = canvas.captureStream(frameRate);
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 8_000_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => { if (e.data.size > 0) chunks.push(e.data); };
  const stopped = new Promise<void>((resolve) => { recorder.onstop = () => resolve(); });
  // Chunks every 250 ms rather than one blob at the end.
  recorder.start(250);
  await new Promise<void>((resolve) => play(resolve));
  // One more frame's time, so the last frame is in the recording.
  await new Promise((resolve) => setTimeout(resolve, 1000 / frameRate));
  recorder.stop();
  await stopped;
  for (const track of stream.getTracks()) track.stop();
  const bytes = new Uint8Array(await new Blob(chunks, { type }).arrayBuffer());
  if (bytes.length === 0) throw new Error('the recorder captured no frames');
  return bytes;
}
