// A receipt or a small page lying on a scanner's bed (or a table) is read from its own paper. A flatbed scan of
// a till receipt is an A4 image of which the receipt fills a third: the rest is the grey lid, its shadow and a
// black border, and Tesseract, reading the whole page as one column, makes noise of it and loses the receipt's
// lines. The paper is the brightest large region of the page; where it stands clearly brighter than all around
// it, the page is cut to it before it is read, and the words' boxes are given back in the whole page's pixels.
import { median } from './layout.ts'
import { blockPaper, PAPER_BLOCK } from './photo.ts'
import type { GreyImage } from './orient.ts'

export interface Region {
  x: number
  y: number
  width: number
  height: number
}

/** The paper's level: this share of the page's blocks is darker. */
const PAPER_LEVEL_QUANTILE = 0.95
/** A block is the paper's when it is at most this much darker than the paper's level. */
const PAPER_BAND = 12
/** Around the paper the page is this much darker than the paper, on average, or it is not cut. */
const SURROUND_DARKER = 15
/** Just outside the paper's edge the page is at least this much darker than the paper. */
const EDGE_DARKER = 22
/** Where the paper is told by a lower threshold, just outside its edge the page is this much darker than it. */
const EDGE_STEP = 12
/** Blocks darker than this around the paper are a scanner's black border, not its lid. */
const MIN_SURROUND = 100
/** The paper covers at most this share of the page: above it, the page is the paper. */
const MAX_PAPER_SHARE = 0.65
/** And at least this share, so that a white label on a dark photo is not taken for the page. */
const MIN_PAPER_SHARE = 0.03
/** And each of its sides at least this share of the page's shorter side. */
const MIN_PAPER_SIDE = 0.2
/**
 * Blocks as bright as the paper outside it number at most this share of the paper's own: a phone photo that
 * sharpens its print makes the blocks around letters brighter than the bare paper, and the brightest
 * connected blocks are then a few lines of print (a receipt's heading), with more such lines below them.
 */
const MAX_BRIGHT_OUTSIDE = 0.5

/**
 * The region of the page its paper covers (its largest bright connected region, with a block's margin), or
 * null when the page is its paper (a scan of an A4 invoice, a rendered page, a receipt already cut out) or no
 * paper stands out from its surroundings.
 */
export function paperRegion(image: GreyImage): Region | null {
  const blocks = blockPaper(image)
  const sorted = Uint8Array.from(blocks.paper).sort()
  const level = sorted[Math.floor((sorted.length - 1) * PAPER_LEVEL_QUANTILE)]!
  const found = regionAbove(image, blocks, level, level - PAPER_BAND)
  if (found) return found
  // A thermal receipt's paper is not even (a logo, a grey band, the lid's shadow across its top), and the
  // paper close to its brightest part may not reach its edges. The paper is then what is brighter than halfway
  // between the paper's level and the median grey darker than it (the lid, its black border left out).
  const around = sorted.filter((v) => v >= MIN_SURROUND && v <= level - EDGE_DARKER)
  if (!around.length) return null
  const threshold = Math.ceil((level + around[Math.floor(around.length / 2)]!) / 2)
  // The paper's edge is then a step down from it, not a photo's light falling off across one sheet.
  const edge = Math.min(level - EDGE_DARKER, threshold - EDGE_STEP)
  return threshold < level - PAPER_BAND ? regionAbove(image, blocks, level, threshold, edge) : null
}

/** paperRegion with the paper's blocks those at least `threshold` bright. */
function regionAbove(
  image: GreyImage,
  { paper, bw, bh }: ReturnType<typeof blockPaper>,
  level: number,
  threshold: number,
  edge = level - EDGE_DARKER,
): Region | null {
  const bright = (i: number) => paper[i]! >= threshold
  // The largest 4-connected region of bright blocks.
  const seen = new Uint8Array(bw * bh)
  let best: { count: number; x0: number; y0: number; x1: number; y1: number } | null = null
  const stack: number[] = []
  for (let start = 0; start < paper.length; start++) {
    if (seen[start] || !bright(start)) continue
    const found = { count: 0, x0: bw, y0: bh, x1: -1, y1: -1 }
    seen[start] = 1
    stack.push(start)
    while (stack.length) {
      const i = stack.pop()!
      const x = i % bw
      const y = (i - x) / bw
      found.count++
      found.x0 = Math.min(found.x0, x)
      found.x1 = Math.max(found.x1, x)
      found.y0 = Math.min(found.y0, y)
      found.y1 = Math.max(found.y1, y)
      for (const j of [x > 0 ? i - 1 : -1, x < bw - 1 ? i + 1 : -1, i - bw, i + bw]) {
        if (j < 0 || j >= paper.length || seen[j] || !bright(j)) continue
        seen[j] = 1
        stack.push(j)
      }
    }
    if (!best || found.count > best.count) best = found
  }
  if (!best || best.count < MIN_PAPER_SHARE * paper.length) return null
  const x0 = Math.max(0, best.x0 - 1)
  const y0 = Math.max(0, best.y0 - 1)
  const x1 = Math.min(bw - 1, best.x1 + 1)
  const y1 = Math.min(bh - 1, best.y1 + 1)
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_PAPER_SHARE * paper.length) return null
  let brightOutside = 0
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++)
      if ((x < x0 || x > x1 || y < y0 || y > y1) && bright(y * bw + x)) brightOutside++
  if (brightOutside > MAX_BRIGHT_OUTSIDE * best.count) return null
  // A strip narrower than a fifth of the page's shorter side holds no line of print (a white margin beside a
  // coloured ticket): the page is its paper.
  if (Math.min(best.x1 - best.x0 + 1, best.y1 - best.y0 + 1) < MIN_PAPER_SIDE * Math.min(bw, bh)) return null
  // What lies around the paper must be clearly darker than it: a lid, a table, a border.
  let outside = 0
  let n = 0
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++)
      if (x < x0 || x > x1 || y < y0 || y > y1) {
        outside += paper[y * bw + x]!
        n++
      }
  if (!n || outside / n > level - SURROUND_DARKER) return null
  // The paper's edge is sharp: just outside it, on every side that is not the page's own edge, the page is
  // clearly darker (a lid, a table). A photo's light falling off across one sheet of paper has no such edge.
  const ring: number[][] = []
  const side = (xs: number[], ys: number[]) => {
    const values: number[] = []
    for (const y of ys)
      for (const x of xs) if (x >= 0 && x < bw && y >= 0 && y < bh) values.push(paper[y * bw + x]!)
    if (values.length) ring.push(values)
  }
  const span = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i)
  side([best.x0 - 2], span(best.y0, best.y1))
  side([best.x1 + 2], span(best.y0, best.y1))
  side(span(best.x0, best.x1), [best.y0 - 2])
  side(span(best.x0, best.x1), [best.y1 + 2])
  if (!ring.length || ring.some((v) => median(v) > edge)) return null
  const x = x0 * PAPER_BLOCK
  const y = y0 * PAPER_BLOCK
  return {
    x,
    y,
    width: Math.min(image.width, (x1 + 1) * PAPER_BLOCK) - x,
    height: Math.min(image.height, (y1 + 1) * PAPER_BLOCK) - y,
  }
}

/** The region of the image, as an image of its own. */
export function cropImage(image: GreyImage, r: Region): GreyImage {
  const data = new Uint8Array(r.width * r.height)
  for (let y = 0; y < r.height; y++)
    data.set(
      image.data.subarray((r.y + y) * image.width + r.x, (r.y + y) * image.width + r.x + r.width),
      y * r.width,
    )
  return { width: r.width, height: r.height, data }
}

/**
 * Where the region's top-left corner lies once the whole image (`width` × `height`) is turned clockwise by
 * `quarters`: the turned region is that part of the turned image, so a box read on it moves by this much.
 */
export function turnedOffset(
  r: Region,
  width: number,
  height: number,
  quarters: number,
): { dx: number; dy: number } {
  const q = ((quarters % 4) + 4) % 4
  if (q === 1) return { dx: height - r.y - r.height, dy: r.x }
  if (q === 2) return { dx: width - r.x - r.width, dy: height - r.y - r.height }
  if (q === 3) return { dx: r.y, dy: width - r.x - r.width }
  return { dx: r.x, dy: r.y }
}
