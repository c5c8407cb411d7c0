/**
 * Which glTF extensions a file may require: those the reader registers (the Khronos and EXT
 * extensions of @gltf-transform/extensions), less the compressions whose decoder was not given.
 * Anything else in `extensionsRequired` is refused by name before the library sees the file, with
 * what to do instead, never the library's own error text.
 */
import { ALL_EXTENSIONS, EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import type { GltfDecoders } from './decoders';

export const DRACO_EXTENSION = KHRDracoMeshCompression.EXTENSION_NAME;
export const MESHOPT_EXTENSION = EXTMeshoptCompression.EXTENSION_NAME;

/** The library's extensions the reader registers with `decoders` (a compression without its decoder is left out). */
export function readableExtensions(decoders: GltfDecoders): typeof ALL_EXTENSIONS {
  return ALL_EXTENSIONS.filter((extension) => {
    if (extension.EXTENSION_NAME === DRACO_EXTENSION) return decoders.draco !== undefined;
    if (extension.EXTENSION_NAME === MESHOPT_EXTENSION) return decoders.meshopt !== undefined;
    return true;
  });
}

/** What to do about a required extension this reader cannot read. */
function remedy(name: string): string {
  switch (name) {
    case DRACO_EXTENSION:
      return 'this reader was given no Draco decoder: re-export without Draco compression';
    case MESHOPT_EXTENSION:
      return 'this reader was given no meshopt decoder: re-export without meshopt compression';
    case 'KHR_animation_pointer':
      return `re-export without KHR_animation_pointer (animations baked to node translation, rotation and scale channels)`;
    case 'KHR_meshopt_compression':
      return `re-export with EXT_meshopt_compression or without compression (\`gltfpack -c\` writes EXT_meshopt_compression)`;
    default:
      return `re-export without ${name}, or run \`npx @gltf-transform/cli inspect\` on the file to see what uses it`;
  }
}

/** The first extension in the file's `extensionsRequired` that cannot be read, with what to do; undefined when all can. */
export function unsupportedRequiredExtension(json: Record<string, unknown>, decoders: GltfDecoders): { name: string; message: string } | undefined {
  const required = Array.isArray(json.extensionsRequired) ? json.extensionsRequired : [];
  const readable = new Set(readableExtensions(decoders).map((e) => e.EXTENSION_NAME));
  for (const name of required) {
    const text = String(name);
    if (!readable.has(text)) return { name: text, message: `it requires the extension ${text}, which this exporter cannot read: ${remedy(text)}` };
  }
  return undefined;
}
