/**
 * The keyframe listing through the real server over IPC (no editor), on the largest legal clip
 * (255 bones x 65,535 frames, 267 MB): hover at random keyframe columns of random windows, and
 * the text of random windows (1,785 keyframes each). Baselines from the same run: a bare
 * JSON-RPC round trip (server info) and a bare read of one window's bytes.
 */
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_INFO_REQUEST } from '../protocol/serverStatus';
import { KEYFRAME_LISTING_REQUEST, listingUri } from '../protocol/listing';
import { KEYFRAME_COLUMNS, LISTING_HEADER_LINES, keyframeColumnSpan, listingWindow } from '../formats/listing/listingLayout';
import { startServer } from '../test/unit/server/lspProcess';
import { writeClipFile } from './clipData';
import { addLatencyRows, percentile, sampleWallMs, type BenchContext } from './harness';

const BONES = 255;
const FRAMES = 65535;
const SAMPLES = 400;
const WINDOWS = 60;

export default async function listingBench(bench: BenchContext): Promise<void> {
  const folder = join(bench.tmpDir, 'listing-largest');
  await mkdir(folder, { recursive: true });
  const path = join(folder, 'largest.nczxanim');
  await writeClipFile(path, BONES, FRAMES);
  const clip = pathToFileURL(path).href;
  const server = await startServer({ roots: [folder] });
  let seed = 0x2545f491;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed % n;
  };
  const window = listingWindow(BONES, FRAMES, 0);
  const windowCount = Math.ceil(FRAMES / window.windowFrames);
  try {
    await server.waitForIdle(0, 120_000);
    const hoverAt = () => {
      const firstFrame = random(windowCount) * window.windowFrames;
      const frames = listingWindow(BONES, FRAMES, firstFrame).frameCount;
      const line = LISTING_HEADER_LINES + random(frames) * (BONES + 1) + 1 + random(BONES);
      const span = keyframeColumnSpan(KEYFRAME_COLUMNS[2 + random(KEYFRAME_COLUMNS.length - 2)].field);
      return server.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: listingUri({ clip, firstFrame }) },
        position: { line, character: span.start + 1 },
      });
    };
    await sampleWallMs(20, hoverAt); // warm-up
    const hovers = await sampleWallMs(SAMPLES, hoverAt);
    const rpc = await sampleWallMs(SAMPLES, () => server.connection.sendRequest(SERVER_INFO_REQUEST));
    const windows = await sampleWallMs(WINDOWS, () => server.connection.sendRequest(KEYFRAME_LISTING_REQUEST, { clip, firstFrame: random(FRAMES) }));
    const windowBytes = window.frameCount * BONES * 16;
    const handle = await open(path, 'r');
    const buffer = new Uint8Array(windowBytes);
    const reads = await sampleWallMs(WINDOWS, async () => handle.read(buffer, 0, windowBytes, 4 + random(windowCount - 1) * windowBytes)).finally(() => handle.close());

    const note = `${SAMPLES} hovers on random keyframe columns of random windows, 267 MB clip; wall clock`;
    addLatencyRows(bench, 'keyframe listing hover, 267 MB clip', hovers, { name: 'bare JSON-RPC round trip', samples: rpc }, 20, note);
    bench.add({
      name: `keyframe listing window text (${window.frameCount * BONES} keyframes), p50`,
      value: percentile(windows, 50),
      unit: 'ms',
      baseline: { name: `bare read of one window's ${windowBytes} bytes p50`, value: percentile(reads, 50), unit: 'ms' },
      note: `${WINDOWS} random windows over IPC; wall clock`,
    });
  } finally {
    await server.stop();
  }
}
