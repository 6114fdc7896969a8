// Lint rule: a module never reaches itself through its imports (CONVENTIONS.md: dependencies flow one way;
// a cycle is a design bug, not something to work around with late imports). Every kind of import counts:
// `import`, `import type`, re-exports and `import()`, because a cycle hidden behind a type or a late import
// is still two modules that cannot be understood, moved or tested one without the other.
//
// The linted file's own imports come from its syntax tree; the rest of the graph is read from disk once per
// file version (TypeScript's pre-processor lists a file's imports without type-checking it; a `.vue` file's
// imports are those of its <script> blocks). Specifiers resolve as the bundler does: relative paths and the
// aliases given as the rule's option, with or without the `.ts`/`.vue` ending, or a folder's `index.ts`.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import ts from 'typescript'

const endings = ['', '.ts', '.vue', '.tsx', '.mts', '.js', '.mjs', '/index.ts']

/** file path -> { mtimeMs, imports } for the files read from disk; `imports` are the files they name. */
const onDisk = new Map()

function isFile(path) {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The file an import names, or null for a package (or a file that does not exist). */
function resolveSpecifier(specifier, fromFile, aliases) {
  let base = null
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(fromFile), specifier)
  else {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix))
    if (alias) base = resolve(alias[1], specifier.slice(alias[0].length))
  }
  if (base === null) return null
  for (const ending of endings) if (isFile(base + ending)) return base + ending
  return null
}

function scriptText(path, text) {
  if (!path.endsWith('.vue')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
}

function importsOnDisk(path, aliases) {
  let mtimeMs
  try {
    mtimeMs = statSync(path).mtimeMs
  } catch {
    return []
  }
  const known = onDisk.get(path)
  if (known && known.mtimeMs === mtimeMs) return known.imports
  const text = scriptText(path, readFileSync(path, 'utf8'))
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => resolveSpecifier(f.fileName, path, aliases))
    .filter((target) => target !== null)
  onDisk.set(path, { mtimeMs, imports })
  return imports
}

/**
 * The shortest way from `start` back to `target` over the imports on disk, as a list of files from `start`
 * to `target`; null when `target` cannot be reached.
 */
function pathBack(start, target, aliases) {
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    if (file === target) {
      const path = []
      for (let at = file; at !== null; at = cameFrom.get(at)) path.unshift(at)
      return path
    }
    for (const next of importsOnDisk(file, aliases)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles, counting type-only and dynamic imports' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Import cycle: {{cycle}}. Dependencies flow one way: move what both sides need to where it belongs (CONVENTIONS.md), never behind a late import.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {}
    const root = options.root ?? context.cwd
    const aliases = Object.entries(options.aliases ?? {}).map(([prefix, folder]) => [
      prefix,
      resolve(root, folder),
    ])
    const file = resolve(context.filename)
    if (!existsSync(dirname(file))) return {}
    const shown = (path) => relative(root, path).split('\\').join('/')

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return
      const target = resolveSpecifier(source.value, file, aliases)
      if (target === null) return
      const back = target === file ? [file] : pathBack(target, file, aliases)
      if (back === null) return
      context.report({ node, messageId: 'cycle', data: { cycle: [file, ...back].map(shown).join(' → ') } })
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    }
  },
}
