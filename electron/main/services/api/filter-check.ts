// The real service ignores a filter on a field it does not know and answers every row (field notes, "Query
// options"). Taken as filtered, such an answer links the wrong file, books against the wrong entry or shows
// another person's rows. So the client checks each answer against the part of its filter it can read:
// comparisons of a top-level field with a literal (`ID eq 5`, `StatusCode ne 30104`, `Email eq 'x'`),
// joined by `and`, `or` and parentheses. A row that has the field and contradicts the filter means the
// platform ignored it. What the check cannot read (functions, dotted paths, dates compared by order, a
// field the row does not carry) it leaves alone, so a correct answer is never refused.

type Value = string | number | boolean | null
type Expr =
  | { kind: 'cmp'; field: string; op: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'; value: Value }
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'unknown' }

type Token = { t: 'word' | 'str' | 'num' | 'open' | 'close' | 'comma' | 'other'; v: string }

function tokenize(text: string): Token[] | null {
  const out: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (/\s/.test(c)) {
      i++
    } else if (c === "'") {
      let v = ''
      i++
      for (;;) {
        if (i >= text.length) return null
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            v += "'"
            i += 2
            continue
          }
          i++
          break
        }
        v += text[i++]
      }
      out.push({ t: 'str', v })
    } else if (c === '(') {
      out.push({ t: 'open', v: c })
      i++
    } else if (c === ')') {
      out.push({ t: 'close', v: c })
      i++
    } else if (c === ',') {
      out.push({ t: 'comma', v: c })
      i++
    } else {
      const m = /^[^\s(),']+/.exec(text.slice(i))!
      const v = m[0]
      out.push({ t: /^-?\d+(\.\d+)?$/.test(v) ? 'num' : /^[A-Za-z_$][\w.$]*$/.test(v) ? 'word' : 'other', v })
      i += v.length
    }
  }
  return out
}

const ops = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le'])

function parse(tokens: Token[]): Expr | null {
  let pos = 0
  const peek = () => tokens[pos]
  const word = (w: string) => peek()?.t === 'word' && peek()!.v.toLowerCase() === w
  function primary(): Expr | null {
    const tok = peek()
    if (!tok) return null
    if (tok.t === 'open') {
      pos++
      const inner = or()
      if (!inner || peek()?.t !== 'close') return null
      pos++
      return inner
    }
    if (word('not')) {
      pos++
      const inner = primary()
      return inner ? { kind: 'unknown' } : null
    }
    if (tok.t === 'word' && tokens[pos + 1]?.t === 'open') {
      // A function call: skip to its closing parenthesis; what it tests is not checked.
      let depth = 0
      pos++
      do {
        const t = tokens[pos++]
        if (!t) return null
        if (t.t === 'open') depth++
        if (t.t === 'close') depth--
      } while (depth > 0)
      return { kind: 'unknown' }
    }
    const field = tokens[pos]
    const op = tokens[pos + 1]
    const value = tokens[pos + 2]
    if (!field || !op || !value || op.t !== 'word' || !ops.has(op.v.toLowerCase())) {
      // Something else (`in (...)`, `like`): step over the comparison's three parts.
      if (field && op && value) {
        pos += 3
        if (value.t === 'open') {
          let depth = 1
          while (depth > 0) {
            const t = tokens[pos++]
            if (!t) return null
            if (t.t === 'open') depth++
            if (t.t === 'close') depth--
          }
        }
        return { kind: 'unknown' }
      }
      return null
    }
    pos += 3
    if (field.t !== 'word' || field.v.includes('.')) return { kind: 'unknown' }
    let literal: Value
    if (value.t === 'str') literal = value.v
    else if (value.t === 'num') literal = Number(value.v)
    else if (value.t === 'word' && /^(true|false)$/i.test(value.v)) literal = value.v.toLowerCase() === 'true'
    else if (value.t === 'word' && value.v.toLowerCase() === 'null') literal = null
    else return { kind: 'unknown' }
    return { kind: 'cmp', field: field.v, op: op.v.toLowerCase() as 'eq', value: literal }
  }
  function and(): Expr | null {
    let left = primary()
    while (left && word('and')) {
      pos++
      const right = primary()
      if (!right) return null
      left = { kind: 'and', left, right }
    }
    return left
  }
  function or(): Expr | null {
    let left = and()
    while (left && word('or')) {
      pos++
      const right = and()
      if (!right) return null
      left = { kind: 'or', left, right }
    }
    return left
  }
  const expr = or()
  return expr && pos === tokens.length ? expr : null
}

/** The filter's readable part, or null when nothing of it can be read. */
export function readableFilter(filter: string): Expr | null {
  const tokens = tokenize(filter)
  return tokens ? parse(tokens) : null
}

function fieldOf(row: Record<string, unknown>, name: string): { found: boolean; value: unknown } {
  const key = Object.keys(row).find((k) => k.toLowerCase() === name.toLowerCase())
  return key === undefined ? { found: false, value: undefined } : { found: true, value: row[key] }
}

/** true: the row meets it; false: it contradicts it; null: the check cannot tell. */
function evaluate(expr: Expr, row: Record<string, unknown>): boolean | null {
  if (expr.kind === 'unknown') return null
  if (expr.kind !== 'cmp') {
    const a = evaluate(expr.left, row)
    const b = evaluate(expr.right, row)
    if (expr.kind === 'and')
      return a === false || b === false ? false : a === null || b === null ? null : true
    return a === true || b === true ? true : a === null || b === null ? null : false
  }
  const { found, value } = fieldOf(row, expr.field)
  if (!found) return null
  const wanted = expr.value
  if (wanted === null) {
    if (expr.op === 'eq') return value === null
    if (expr.op === 'ne') return value !== null
    return null
  }
  if (typeof wanted === 'boolean') {
    if (typeof value !== 'boolean') return null
    return expr.op === 'eq' ? value === wanted : expr.op === 'ne' ? value !== wanted : null
  }
  // Numbers may arrive quoted (field notes): compare as numbers when both read as numbers.
  const n = typeof wanted === 'number' ? wanted : /^-?\d+(\.\d+)?$/.test(wanted) ? Number(wanted) : null
  if (n !== null && typeof value === 'number') {
    switch (expr.op) {
      case 'eq':
        return value === n
      case 'ne':
        return value !== n
      case 'gt':
        return value > n
      case 'ge':
        return value >= n
      case 'lt':
        return value < n
      case 'le':
        return value <= n
    }
  }
  if (typeof wanted === 'string' && typeof value === 'string' && (expr.op === 'eq' || expr.op === 'ne')) {
    // Dates and times may be written differently by either side; only plain text is compared.
    if (/^\d{4}-\d{2}-\d{2}/.test(wanted)) return null
    const same = value.toLowerCase() === wanted.toLowerCase()
    return expr.op === 'eq' ? same : !same
  }
  return null
}

/** The first row of the answer that contradicts the filter, or null when none does (or none can be told). */
export function rowAgainstFilter(filter: string, rows: readonly unknown[]): Record<string, unknown> | null {
  const expr = readableFilter(filter)
  if (!expr) return null
  for (const row of rows) {
    if (row && typeof row === 'object' && evaluate(expr, row as Record<string, unknown>) === false)
      return row as Record<string, unknown>
  }
  return null
}
