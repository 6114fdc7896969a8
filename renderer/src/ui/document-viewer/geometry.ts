// Where an OCR box lands on a page as the viewer shows it.
//
// The OCR reader answers boxes in pixels of the page image it read (`ImageWidth` x `ImageHeight`, top-left
// origin). That image is the page as displayed with its own `/Rotate`, turned further clockwise by
// `imageRotation` when the reader had to turn it to read it upright (a scan fed in sideways or upside down:
// document-reader/orient.ts turns the pixels, and the boxes are in the turned image). The viewer shows the page
// turned clockwise by the user's `viewRotation` on top of `/Rotate`, `width` x `height` CSS pixels. So the
// shown page is the OCR image turned by (viewRotation - imageRotation), scaled to the shown size.

export type QuarterTurn = 0 | 90 | 180 | 270

/** CSS pixels between the shown pages and around them. */
export const PAGE_GAP = 12

/** A box in OCR image pixels. */
export interface OcrRect {
  left: number
  top: number
  width: number
  height: number
  imageWidth: number
  imageHeight: number
  /** Degrees the reader turned the page image clockwise before reading it (0 when it was read as shown). */
  imageRotation?: number
}

/** A rectangle on the shown page, CSS pixels from its top-left corner. */
export interface ShownRect {
  left: number
  top: number
  width: number
  height: number
}

/** Any angle in degrees as one of 0, 90, 180, 270 (nearest quarter, clockwise positive). */
export function quarterTurn(degrees: number): QuarterTurn {
  const q = (((Math.round(degrees / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3
  return (q * 90) as QuarterTurn
}

/** A point of the unit square turned clockwise about the square's centre. */
function turnUnit(u: number, v: number, turn: QuarterTurn): [number, number] {
  switch (turn) {
    case 90:
      return [1 - v, u]
    case 180:
      return [1 - u, 1 - v]
    case 270:
      return [v, 1 - u]
    default:
      return [u, v]
  }
}

/**
 * The box on the shown page. `shown` is the size of the page as displayed (already including the user's
 * rotation, so a quarter turn swaps width and height of the unturned page).
 */
export function mapOcrRect(
  rect: OcrRect,
  shown: { width: number; height: number },
  viewRotation: number,
): ShownRect {
  if (!(rect.imageWidth > 0) || !(rect.imageHeight > 0))
    throw new RangeError('An OCR box needs the positive ImageWidth and ImageHeight of its page')
  const turn = quarterTurn(viewRotation - (rect.imageRotation ?? 0))
  const [u0, v0] = turnUnit(rect.left / rect.imageWidth, rect.top / rect.imageHeight, turn)
  const [u1, v1] = turnUnit(
    (rect.left + rect.width) / rect.imageWidth,
    (rect.top + rect.height) / rect.imageHeight,
    turn,
  )
  const left = Math.min(u0, u1) * shown.width
  const top = Math.min(v0, v1) * shown.height
  return {
    left,
    top,
    width: Math.abs(u1 - u0) * shown.width,
    height: Math.abs(v1 - v0) * shown.height,
  }
}

/** The displayed size of a page of `base` size (with its own /Rotate applied) turned by `rotation`. */
export function turnedSize(
  base: { width: number; height: number },
  rotation: number,
  scale = 1,
): { width: number; height: number } {
  const quarter = quarterTurn(rotation) % 180 !== 0
  return {
    width: (quarter ? base.height : base.width) * scale,
    height: (quarter ? base.width : base.height) * scale,
  }
}

/** The zoom at which a page of `base` size, turned by `rotation`, fills `available` CSS pixels of width. */
export function fitWidthScale(
  base: { width: number; height: number },
  rotation: number,
  available: number,
): number {
  const { width } = turnedSize(base, rotation)
  return width > 0 && available > 0 ? available / width : 1
}

/** Whether two shown rectangles overlap (share a positive area). */
export function overlaps(a: ShownRect, b: ShownRect): boolean {
  return (
    a.left < b.left + b.width &&
    b.left < a.left + a.width &&
    a.top < b.top + b.height &&
    b.top < a.top + a.height
  )
}
