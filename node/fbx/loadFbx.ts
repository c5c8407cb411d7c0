/**
 * An .fbx as a glTF document for the exporters: FBX2glTF located (locate.ts) and run
 * (convert.ts), its .glb read by the core's reader with the compressed-glTF decoders. Used by
 * `ewzanim export` and the VS Code export command alike.
 */
import type { Document } from '@gltf-transform/core';
import { readGltfBytes } from '../../formats/gltf';
import { nodeGltfDecoders } from '../gltf/decoders';
import { convertFbx, FbxConversionError } from './convert';
import { locateFbx2gltf, type LocateOptions } from './locate';

export { FbxConversionError } from './convert';

export { isFbxPath } from './conversionError';

export interface LoadedFbx {
  document: Document;
  /** FBX2glTF's warnings, to pass on in the report. */
  warnings: string[];
  /** The FBX2glTF binary that ran. */
  tool: string;
  bakedAt: number;
}

/** Converts and reads `fbxPath` for an export at `frameRate`; throws FbxConversionError (converter missing or failing) or the reader's GltfReadError. */
export async function loadFbxDocument(fbxPath: string, frameRate: number, locate: LocateOptions): Promise<LoadedFbx> {
  const lookup = locateFbx2gltf(locate);
  if ('problem' in lookup) throw new FbxConversionError(lookup.problem, 'converter-missing');
  const conversion = await convertFbx(lookup.found, fbxPath, frameRate);
  const document = await readGltfBytes(conversion.glb, {}, await nodeGltfDecoders());
  return { document, warnings: conversion.warnings, tool: lookup.found, bakedAt: conversion.bakedAt };
}
