/**
 * Server -> client: progress of the workspace check, for the status bar item.
 * Sent when a check starts, every few hundred milliseconds while it runs, and when it ends.
 * Plain counters the server writes field by field; pinned by `test/fixtures/wire/checkStatus.json`.
 */
export const CHECK_STATUS_NOTIFICATION = 'ewzanim/checkStatus';

export interface CheckStatusParams {
  /** 'checking' while any file is queued or being checked. */
  state: 'checking' | 'idle';
  /** Files checked in the current pass / queued in it. */
  checked: number;
  queued: number;
  /** Supported files known in the workspace (after `exclude`). */
  files: number;
  /** Problems currently published over all files, after severity overrides. */
  errors: number;
  warnings: number;
  /** All other severities (information and hint). */
  others: number;
}

/**
 * Client -> server: who the server is (the resilience test kills this pid) and which version of
 * the public protocol it speaks. Pinned by `test/fixtures/wire/serverInfo.json`.
 */
export const SERVER_INFO_REQUEST = 'ewzanim/serverInfo';

export interface ServerInfoResult {
  /** The server's process id. */
  pid: number;
  /** Milliseconds since the server process started. */
  uptimeMs: number;
  /** `PROTOCOL_VERSION` (protocol/version.ts): the shapes of the `ewzanim/…` requests this server answers. */
  protocolVersion: number;
}
