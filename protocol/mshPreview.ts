/**
 * Messages between the extension host (client/src/mshPreview/) and the MSH preview webview
 * (webview/mshPreview/). The file's bytes travel as a Uint8Array; the webview poses the nodes
 * with the core's sampling (formats/msh), so what it draws is what the listing says.
 */
export type HostToMshPreviewMessage =
  /** The file to show (again, after a change on disk). */
  { type: 'load'; name: string; bytes: Uint8Array };

export interface MshPreviewState {
  /** The model shown (archives have several). */
  model: number;
  models: number;
  frame: number;
  frames: number;
  playing: boolean;
  /** The second pose of the blend (a time in frames) and its weight 0..1; weight 0 means no blend. */
  blendTime: number;
  blendWeight: number;
  /** Problems that stop a pose (no posable model, an RsLi container...). */
  problem?: string;
}

export type MshPreviewToHostMessage =
  | { type: 'ready' }
  /** After every load and every change of model, frame or blend (tests read it). */
  | { type: 'state'; state: MshPreviewState };
