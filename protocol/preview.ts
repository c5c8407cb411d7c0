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

/** A clip the mixer can blend with the one shown (same bone count). */
export interface ClipChoice {
  uri: string;
  name: string;
  /** Workspace-relative path, for telling same-named clips apart. */
  path: string;
  bones: number;
  frames: number;
  /** Errors the checks found in the clip (the Problems panel's); absent or 0 when clean. */
  errors?: number;
}

/** A mesh file of the pack that can be attached to a bone. */
export interface MeshChoice {
  uri: string;
  name: string;
  /** Workspace-relative path. */
  path: string;
}

/**
 * A mix file's content (formats/mixer/mixFile.ts's schema, version 1) with every clip and mesh
 * path made a URI string, or `builtin:box` (the host resolves and relativises them).
 */
export interface MixWithUris {
  version: 1;
  layers: { clip: string; layer: number; weight: number; speed: number; additive: boolean; mask: number[] | null }[];
  attachments: { mesh: string; bone: number; position: [number, number, number]; rotation: [number, number, number, number]; scale: number }[];
}

/** The clip shown as a ghost: its bytes and what the legend calls it ("B: walk.nczxanim"). */
export interface GhostClipWire {
  file: PreviewFile;
  label: string;
}

export type LoopMode = 'repeat' | 'once' | 'pingPong';
/** Stamp: exact frames, as keyframe_bind; blended: between frames; mixer: actions blended on the CPU. */
export type PlaybackMode = 'stamp' | 'blended' | 'mixer';
export type RendererKind = 'webgpu' | 'webgl2' | 'none';
/** What an export writes: the frame shown as PNG, or the clip played once as WebM video. */
export type ExportKind = 'png' | 'webm';

export type HostToPreviewMessage =
  | {
      type: 'load';
      clip: PreviewFile;
      skeleton?: PreviewFile;
      mesh?: PreviewFile;
      /** Where skeleton and mesh came from, in words for the UI ("nether.toml: linked by ...", "skeleton guessed: ..."). */
      linkSource?: string;
      frameRate: number;
      /** The clip's bone names, bone 0 first (a clip exported from a glTF); the preview shows indices where absent. */
      boneNames?: string[];
      /** Each bone's parent bone (-1 for none), where the export record has them: the mixer's upper/lower body presets. */
      boneParents?: number[];
      /** The motion rules' thresholds (the `ewzanim.motion.*` settings) for the Curves panel's markers; defaults where absent. */
      motion?: { popMinDegrees: number; jumpRatio: number };
      /** true on a reload after a change on disk: keep frame, camera and selection. */
      keepState: boolean;
    }
  /** The hex editor (or another view) selected a keyframe: jump there. */
  | { type: 'select'; frame: number; bone: number }
  | { type: 'frameRate'; frameRate: number }
  /** Show the Curves panel (the `ewzanim.showCurves` command). */
  | { type: 'showCurves' }
  /** Answer to `listClips`. */
  | { type: 'clips'; clips: ClipChoice[] }
  /** Answer to `loadMixClip`: the second clip's bytes. */
  | { type: 'mixClip'; file: PreviewFile }
  /** Answer to `loadMixClip` when the clip cannot be read. */
  | { type: 'mixClipFailed'; uri: string; reason: string }
  /** How an export ended: saved at `path`, cancelled in the dialog, or failed. */
  | { type: 'exported'; kind: ExportKind; outcome: 'saved' | 'cancelled' | 'failed'; detail?: string }
  /** Answer to `listClips` too: the pack's meshes, to attach to bones. */
  | { type: 'meshes'; meshes: MeshChoice[] }
  /** Answer to `loadLayerClip` (`id`: the layer): the clip's bytes, or why not. */
  | { type: 'layerClip'; id: number; file?: PreviewFile; reason?: string }
  /** Answer to `loadAttachmentMesh`: the mesh's bytes, or why not. */
  | { type: 'attachmentMesh'; id: number; file?: PreviewFile; reason?: string }
  /** Answer to `openMix`: the mix file read (paths as URIs), or why not (`mix/...` code first); neither when cancelled. */
  | { type: 'mix'; name?: string; mix?: MixWithUris; reason?: string }
  /** How `saveMix` ended. */
  | { type: 'mixSaved'; outcome: 'saved' | 'cancelled' | 'failed'; detail?: string }
  /** A second clip drawn as a ghost over this one at the same frame (Compare Clips' "B"); without `ghost`: none. */
  | { type: 'ghost'; ghost?: GhostClipWire };

export type PreviewToHostMessage =
  | { type: 'ready' }
  /** The user scrubbed or picked a bone here: the hex editor follows. */
  | { type: 'selected'; frame: number; bone: number }
  /** "Skeleton/mesh..." in the panel. */
  | { type: 'pickAssets' }
  /** After each load, and when the renderer changes (fallback): what is drawing and why. */
  | { type: 'status'; renderer: RendererKind; fallbackReason?: string; problems: string[]; frame: number; loadMs: number }
  /** The mixer wants the clips it can blend with this one. */
  | { type: 'listClips' }
  | { type: 'loadMixClip'; uri: string }
  /** Save these bytes where the user says (a save dialog in the host; webviews cannot write files). */
  | { type: 'export'; kind: ExportKind; suggestedName: string; bytes: Uint8Array }
  /** A clip for mixer layer `id`. */
  | { type: 'loadLayerClip'; id: number; uri: string }
  /** A mesh file to attach (attachment `id`). */
  | { type: 'loadAttachmentMesh'; id: number; uri: string }
  /** Save the mix as a `.mix.json` beside the clips (a save dialog; paths written relative to the file). */
  | { type: 'saveMix'; suggestedName: string; mix: MixWithUris }
  /** Open a `.mix.json` (an open dialog). */
  | { type: 'openMix' };
