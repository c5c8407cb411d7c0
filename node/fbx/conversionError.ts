/**
 * What the FBX path needs to say without running it (Node-free, so that the extension's browser
 * build names FBX files and their errors without bundling the converter).
 */

export function isFbxPath(path: string): boolean {
  return /\.fbx$/i.test(path);
}

/** Why an .fbx could not be converted: FBX2glTF missing (or not executable), or failing on the file. */
export class FbxConversionError extends Error {
  constructor(
    message: string,
    readonly reason: 'converter-missing' | 'conversion-failed' = 'conversion-failed',
  ) {
    super(message);
    this.name = 'FbxConversionError';
  }
}
