/** The messages between `WorkerCheckPool` and its workers (`checkWorker.ts`). */
import type { BinaryFileCheck } from '../formats/checkBinaryFile';
import type { BinaryKind } from '../formats/checkBytes';
import type { PooledCheckOptions } from '../formats/checkPool';
import type { FileStat } from '../formats/fileAccess';

export interface CheckRequest {
  id: number;
  path: string;
  kind: BinaryKind;
  stat: FileStat;
  options: PooledCheckOptions;
}

export type CheckReply = { id: number; checked: BinaryFileCheck; error?: undefined } | { id: number; error: string; checked?: undefined };
