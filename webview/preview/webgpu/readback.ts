/**
 * Reading a presented WebGPU texture back as RGBA (tests and the PNG export): the copy's rows
 * are padded to 256 bytes and may be BGRA.
 */

/** RGBA pixels, row by row from the top. */
export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** The texture's rows copied out (`bytesPerRow` a row, BGRA or RGBA) as opaque RGBA. Pure. */
export function unpadRows(padded: Uint8Array, width: number, height: number, bytesPerRow: number, bgra: boolean): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = y * bytesPerRow + x * 4;
      const d = (y * width + x) * 4;
      rgba[d] = padded[s + (bgra ? 2 : 0)];
      rgba[d + 1] = padded[s + 1];
      rgba[d + 2] = padded[s + (bgra ? 0 : 2)];
      rgba[d + 3] = 255;
    }
  }
  return rgba;
}

/** Copies `texture` into a mappable buffer and reads it. */
export async function readTexture(device: GPUDevice, texture: GPUTexture): Promise<Pixels> {
  const width = texture.width;
  const height = texture.height;
  const bytesPerRow = Math.ceil((width * 4) / 256) * 256;
  const buffer = device.createBuffer({ size: bytesPerRow * height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  const encoder = device.createCommandEncoder();
  encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow }, { width, height });
  device.queue.submit([encoder.finish()]);
  await buffer.mapAsync(GPUMapMode.READ);
  const rgba = unpadRows(new Uint8Array(buffer.getMappedRange()), width, height, bytesPerRow, texture.format.startsWith('bgra'));
  buffer.unmap();
  buffer.destroy();
  return { width, height, rgba };
}
