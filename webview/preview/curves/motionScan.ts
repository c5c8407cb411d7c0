/**
 * The motion findings of a clip held in memory, scanned a slice of records at a time: the same
 * streaming `MotionScanner` the lint and `motionFindings` feed, with the page free to draw and
 * answer between slices (the largest legal clip takes seconds in a webview).
 */
import { u32View } from '../../../formats/bytes';
import { CLIP_HEADER_SIZE, completeRecordCount, parseClipHeader, recordOffset } from '../../../formats/clip';
import { DEFAULT_MOTION_OPTIONS, type MotionFinding, type MotionOptions } from '../../../formats/motion/motionOptions';
import { MotionScanner } from '../../../formats/motion/motionScanner';

/** Records per slice: about 15 ms of scanning on a slow machine. */
export const SCAN_SLICE_RECORDS = 65536;

export class SlicedMotionScan {
  /** The findings, once every record is scanned. */
  findings?: MotionFinding[];
  private readonly scanner?: MotionScanner;
  private readonly words: Uint32Array;
  private readonly records: number;
  private next = 0;

  constructor(clip: Uint8Array, options: Partial<MotionOptions>) {
    const header = parseClipHeader(clip);
    const usable = header !== undefined && header.boneCount > 0 && header.frameCount > 0;
    this.records = usable ? Math.min(completeRecordCount(clip.length), header.boneCount * header.frameCount) : 0;
    this.words = usable ? u32View(clip.subarray(CLIP_HEADER_SIZE, recordOffset(this.records))) : new Uint32Array(0);
    if (usable) this.scanner = new MotionScanner(header, { ...DEFAULT_MOTION_OPTIONS, ...options });
    else this.findings = [];
  }

  /** Scans up to `records` more records; true once all are scanned (`findings` set). */
  step(records = SCAN_SLICE_RECORDS): boolean {
    if (this.findings) return true;
    const count = Math.min(records, this.records - this.next);
    this.scanner!.feed(this.words.subarray(this.next * 4, (this.next + count) * 4), count);
    this.next += count;
    if (this.next === this.records) this.findings = this.scanner!.finish();
    return this.findings !== undefined;
  }
}
