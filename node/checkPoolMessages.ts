/** The messages between `WorkerCheckPool` and its workers (`checkWorker.ts`). */
import type { BinaryFileCheck } from '../formats/checkBinaryFile';
import type { BinaryKind } from '../formats/checkBytes';
import type { PooledCheckOptions } from '../formats/checkPool';
import type { FileStat } from '../formats/fileAccess';
import type { BindPose } from '../formats/manifest/bindPose';

export interface CheckRequest {
  id: number;
  path: string;
  kind: BinaryKind;
  stat: FileStat;
  options: PooledCheckOptions;
}

/** The skeletons later checks judge clips against (replacing those sent before). */
export interface BindPosesMessage {
  bindPoses: readonly BindPose[];
}

export type WorkerMessage = CheckRequest | BindPosesMessage;

export type CheckReply = { id: number; checked: BinaryFileCheck; error?: undefined } | { id: number; error: string; checked?: undefined };
