// Image helpers for Tesseract: 8-bit greyscale PGM from RGBA pixels, and TIFF decoding (Tesseract's WASM
// build reads PNG, JPEG and PNM but not TIFF).

/** Binary PGM (P5) of RGBA pixels: cheap to produce for a page-sized image, and Tesseract reads it. */
export function rgbaToPgm(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii')
  const grey = Buffer.allocUnsafe(width * height)
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) {
    // Transparent pixels are paper.
    const a = rgba[i + 3]!
    const y = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8
    grey[j] = (y * a + 255 * (255 - a)) / 255
  }
  return Buffer.concat([header, grey])
}

/** The first page of a TIFF as a PGM image, or null when the TIFF cannot be decoded. */
export async function tiffToPgm(
  bytes: Uint8Array,
): Promise<{ image: Buffer; width: number; height: number } | null> {
  // Loaded with the first TIFF, not with the platform.
  const { default: UTIF } = await import('utif2')
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
    const [ifd] = UTIF.decode(buffer)
    if (!ifd) return null
    UTIF.decodeImage(buffer, ifd)
    const width = Number(ifd.width)
    const height = Number(ifd.height)
    if (!width || !height) return null
    return { image: rgbaToPgm(UTIF.toRGBA8(ifd), width, height), width, height }
  } catch {
    return null
  }
}
