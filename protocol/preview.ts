/**
 * The live preview's conversation: the `ewzanim.openPreview` command's argument, and the
 * messages between the extension host (client/src/preview/) and the preview webview
 * (webview/preview/). File bytes travel as Uint8Array (VS Code transfers them as binary).
 */

/** Argument of `ewzanim.openPreview` (URIs as strings); without skeleton and mesh the manifest links decide. */
export interface OpenPreviewArgs {
  clip: string;
  skeleton?: string;
  mesh?: string;
}

/** One file sent to the webview. */
export interface PreviewFile {
  uri: string;
  /** File name for the UI. */
  name: string;
  bytes: Uint8Array;
}

export type LoopMode = 'repeat' | 'once' | 'pingPong';
export type PlaybackMode = 'stamp' | 'blended';
export type RendererKind = 'webgpu' | 'webgl2' | 'none';

export type HostToPreviewMessage =
  | {
      type: 'load';
      clip: PreviewFile;
      skeleton?: PreviewFile;
      mesh?: PreviewFile;
      /** Where skeleton and mesh came from, for the UI ("manifest nether.toml", "picked"). */
      linkSource?: string;
      frameRate: number;
      /** true on a reload after a change on disk: keep frame, camera and selection. */
      keepState: boolean;
    }
  /** The hex editor (or another view) selected a keyframe: jump there. */
  | { type: 'select'; frame: number; bone: number }
  | { type: 'frameRate'; frameRate: number };

export type PreviewToHostMessage =
  | { type: 'ready' }
  /** The user scrubbed or picked a bone here: the hex editor follows. */
  | { type: 'selected'; frame: number; bone: number }
  /** "Pick skeleton/mesh..." in the panel. */
  | { type: 'pickAssets' }
  /** After each load, and when the renderer changes (fallback): what is drawing and why. */
  | { type: 'status'; renderer: RendererKind; fallbackReason?: string; problems: string[]; frame: number; loadMs: number };
