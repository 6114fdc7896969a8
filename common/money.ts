// Money as integer øre: exact sums, VAT split rounded half away from zero, and the Norwegian
// display form (field notes "Norwegian numbers": `1 234,56` with non-breaking space groups, comma
// decimals). Runs anywhere (platform, main process, renderer); binary floats never carry a sum.

/** An amount in øre (hundredths of a krone), always a safe integer. */
export type Ore = number

const NBSP = '\u00a0'

/** Rounds a decimal string's fraction to `scale` digits, half away from zero; answers the scaled integer. */
function scaledFromDecimal(text: string, scale: number): bigint | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined
  const negative = m[1] === '-'
  const whole = m[2] || '0'
  const frac = m[3] ?? ''
  const kept = frac.slice(0, scale).padEnd(scale, '0')
  let n = BigInt(whole) * 10n ** BigInt(scale) + BigInt(kept || '0')
  const next = frac.charCodeAt(scale)
  if (!Number.isNaN(next) && next >= 0x35) n += 1n // '5'..'9' rounds up in magnitude
  return negative ? -n : n
}

/** A JS number as a plain decimal string (no exponent), as written. */
function plainDecimal(value: number): string {
  const s = String(value)
  if (!/e/i.test(s)) return s
  // Exponent forms only occur for |v| < 1e-6 or >= 1e21; the first rounds to 0 øre, the second is refused.
  return Math.abs(value) < 1 ? value.toFixed(20) : s
}

/**
 * An amount (number, or decimal string with `.` as the platform stores numeric) in øre, rounded to
 * the øre half away from zero. Undefined for anything that is not a finite amount within safe range.
 */
export function toOre(value: unknown): Ore | undefined {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined
    text = plainDecimal(value)
  } else if (typeof value === 'string') text = value.trim()
  else if (typeof value === 'bigint') text = value.toString()
  else return undefined
  const n = scaledFromDecimal(text, 2)
  if (n === undefined || n > BigInt(Number.MAX_SAFE_INTEGER) || n < -BigInt(Number.MAX_SAFE_INTEGER))
    return undefined
  return Number(n)
}

/** øre as the number an API answer carries (two decimals at most: 123450 -> 1234.5). */
export function fromOre(ore: Ore): number {
  return ore / 100
}

/** øre as an exact decimal string with two decimals (`-1234.50`), for numeric columns. */
export function oreToDecimal(ore: Ore): string {
  const sign = ore < 0 ? '-' : ''
  const abs = Math.abs(ore)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Adds amounts exactly; answers the sum as a two-decimal number. Non-amounts count as 0. */
export function addMoney(...values: unknown[]): number {
  return fromOre(sumOre(values.map((v) => toOre(v) ?? 0)))
}

export function sumOre(values: readonly Ore[]): Ore {
  let sum = 0
  for (const v of values) sum += v
  return sum
}

/** Integer division rounded half away from zero. */
export function divRound(n: bigint, d: bigint): bigint {
  if (d < 0n) return divRound(-n, -d)
  const q = n / d
  const r = n % d
  if (2n * (r < 0n ? -r : r) >= d) return n < 0n ? q - 1n : q + 1n
  return q
}

const PERCENT_SCALE = 6

function percentScaled(percent: number | string): bigint {
  const p = scaledFromDecimal(
    typeof percent === 'number' ? plainDecimal(percent) : percent.trim(),
    PERCENT_SCALE,
  )
  if (p === undefined) throw new RangeError(`not a percentage: ${String(percent)}`)
  return p
}

/** The VAT contained in a gross amount (VAT included) at `percent`, in øre, rounded half away from zero. */
export function vatOfGross(grossOre: Ore, percent: number | string): Ore {
  const p = percentScaled(percent)
  const hundred = 100n * 10n ** BigInt(PERCENT_SCALE)
  if (p + hundred === 0n) throw new RangeError('a VAT rate of -100% has no gross amount')
  return Number(divRound(BigInt(grossOre) * p, hundred + p))
}

/** The VAT on a net amount (VAT excluded) at `percent`, in øre, rounded half away from zero. */
export function vatOfNet(netOre: Ore, percent: number | string): Ore {
  const p = percentScaled(percent)
  return Number(divRound(BigInt(netOre) * p, 100n * 10n ** BigInt(PERCENT_SCALE)))
}

/** Norwegian display form of an amount in øre: `1 234,56`, `-250,00` (non-breaking space groups). */
export function formatOre(ore: Ore): string {
  const sign = ore < 0 ? '-' : ''
  const abs = Math.abs(ore)
  const kroner = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)
  return `${sign}${kroner},${String(abs % 100).padStart(2, '0')}`
}

/** Norwegian display form of an amount (number or decimal string). */
export function formatMoney(value: unknown): string {
  const ore = toOre(value)
  if (ore === undefined) throw new RangeError(`not an amount: ${String(value)}`)
  return formatOre(ore)
}

/**
 * Reads an amount as people type and paste it; the one amount reader of every form (common/parse.ts).
 * `1 234,56`, `1.234,56`, `1234.56`, `1,234.56`, `-250`, `kr 1.234,56`, `18 419,- kr` (`,-`: whole
 * kroner), and the accounting negatives `(1 234,56)` and `1 234,56-` (a trailing minus, as some ledgers
 * export credits). With both separators the last one is the decimal separator. A lone comma is the
 * decimal separator (Norwegian); a lone dot groups thousands when every group after it has three digits
 * (`1.234` is 1234), otherwise it is the decimal separator; a separator repeated always groups thousands.
 * Answers øre, or undefined when the text is no amount (a lone `-` included).
 */
export function parseMoney(text: string): Ore | undefined {
  let s = text.trim()
  let negative = false
  const bracketed = /^\((.*)\)$/.exec(s)
  if (bracketed) {
    negative = true
    s = bracketed[1]!.trim()
  }
  s = s.replace(/^(kr\.?|nok)\s*/i, '')
  // `18 419,- kr`: the currency may follow the whole-kroner dash.
  for (let i = 0; i < 2; i++) s = s.replace(/\s*(kr\.?|nok|,[-\u2013])$/i, '')
  const trailing = negative ? null : /^([^-\u2212\u2013]*\d)\s*[-\u2212\u2013]$/.exec(s)
  if (trailing) {
    negative = true
    s = trailing[1]!
  }
  s = s.replace(/[\s\u00a0\u202f']/g, '').replace(/^[\u2212\u2013]/, '-')
  if (!/^[+-]?[\d.,]+$/.test(s)) return undefined
  const lastDot = s.lastIndexOf('.')
  const lastComma = s.lastIndexOf(',')
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ','
    const group = dec === '.' ? ',' : '.'
    if (s.indexOf(dec) !== s.lastIndexOf(dec)) return undefined
    s = s.split(group).join('').replace(dec, '.')
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ','
    const parts = s.split(sep)
    const grouping = parts.length > 2 || (parts[1]!.length === 3 && sep === '.')
    if (grouping) {
      if (parts.slice(1).some((p) => p.length !== 3)) return undefined
      s = parts.join('')
    } else s = parts.join('.')
  }
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return undefined
  const ore = toOre(s)
  if (!negative || ore === undefined) return ore
  // `(-5)` and `-5-` are no amounts: a negative written twice.
  if (ore < 0 || /^[+-]/.test(s)) return undefined
  return ore === 0 ? 0 : -ore
}
