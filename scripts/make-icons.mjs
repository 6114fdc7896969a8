#!/usr/bin/env node
// Draws the app icon (build/icon.svg describes the same design) as a 512x512 PNG with no image
// library: electron-builder derives the Windows .ico and macOS .icns from build/icon.png, and the
// window and the browser-mode tab use resources/icon.png. Run after changing the design.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { deflateSync } from 'node:zlib'

const root = resolve(import.meta.dirname, '..')
const size = 512
const samples = 4 // supersampling per axis for smooth edges

const navy = [30, 64, 110]
const paper = [248, 250, 252]
const ink = [59, 130, 246]
const green = [34, 160, 94]

/** Signed distance to a rounded rectangle (negative inside). */
function roundedRect(px, py, x, y, w, h, r) {
  const cx = x + w / 2
  const cy = y + h / 2
  const qx = Math.abs(px - cx) - (w / 2 - r)
  const qy = Math.abs(py - cy) - (h / 2 - r)
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
}

/** Distance to a thick line segment (negative inside). */
function segment(px, py, ax, ay, bx, by, halfWidth) {
  const t = Math.max(
    0,
    Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  )
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))) - halfWidth
}

// Layers from back to front: [shape(px, py) -> inside?, colour].
const layers = [
  [(x, y) => roundedRect(x, y, 16, 16, 480, 480, 96) <= 0, navy],
  [(x, y) => roundedRect(x, y, 128, 96, 256, 320, 24) <= 0, paper],
  ...[168, 216, 264].map((ly) => [(x, y) => roundedRect(x, y, 168, ly, 176, 20, 10) <= 0, ink]),
  [(x, y) => segment(x, y, 176, 340, 212, 372, 14) <= 0 || segment(x, y, 212, 372, 292, 300, 14) <= 0, green],
]

const rgba = Buffer.alloc(size * size * 4)
for (let py = 0; py < size; py++) {
  for (let px = 0; px < size; px++) {
    let r = 0
    let g = 0
    let b = 0
    let a = 0
    for (let sy = 0; sy < samples; sy++) {
      for (let sx = 0; sx < samples; sx++) {
        const x = px + (sx + 0.5) / samples
        const y = py + (sy + 0.5) / samples
        let colour
        for (const [inside, c] of layers) if (inside(x, y)) colour = c
        if (colour) {
          r += colour[0]
          g += colour[1]
          b += colour[2]
          a += 1
        }
      }
    }
    const i = (py * size + px) * 4
    rgba[i] = a ? Math.round(r / a) : 0
    rgba[i + 1] = a ? Math.round(g / a) : 0
    rgba[i + 2] = a ? Math.round(b / a) : 0
    rgba[i + 3] = Math.round((255 * a) / (samples * samples))
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf) {
  let c = 0xffffffff
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

const header = Buffer.alloc(13)
header.writeUInt32BE(size, 0)
header.writeUInt32BE(size, 4)
header[8] = 8 // bit depth
header[9] = 6 // RGBA
const rows = Buffer.alloc(size * (size * 4 + 1))
for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
])

for (const dir of ['build', 'resources']) {
  mkdirSync(join(root, dir), { recursive: true })
  writeFileSync(join(root, dir, 'icon.png'), png)
}
console.log(`wrote build/icon.png and resources/icon.png (${size}x${size}, ${png.length} bytes)`)
