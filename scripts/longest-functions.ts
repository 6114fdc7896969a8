// `tsx scripts/longest-functions.ts [FOLDER] [--top N]`: the longest functions under a folder (default
// electron/), counted in lines from a function's first line to its last. Every function declaration,
// function expression, arrow function, method, accessor and constructor counts on its own; a function's
// lines include those of the functions inside it. Test files are left out. Prints the top N (default 10).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const args = process.argv.slice(2)
const topAt = args.indexOf('--top')
const top = topAt >= 0 ? Number(args[topAt + 1]) : 10
const root = args.find((a, i) => !a.startsWith('--') && i !== topAt + 1) ?? 'electron'

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, d.name)
    if (d.isDirectory()) {
      if (d.name !== 'node_modules') sourceFiles(path, out)
    } else if (/\.(ts|mts)$/.test(d.name) && !/\.(test|d)\.m?ts$/.test(d.name)) out.push(path)
  }
  return out
}

interface FunctionLength {
  file: string
  name: string
  line: number
  lines: number
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node }
  if (named.name) return named.name.getText(source)
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source)
  return '(anonymous)'
}

export function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const out: FunctionLength[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      out.push({ file, name: nameOf(node, source), line: first + 1, lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

const all = sourceFiles(root).flatMap((file) =>
  functionLengths(relative(process.cwd(), file), readFileSync(file, 'utf8')),
)
all.sort((a, b) => b.lines - a.lines)
for (const f of all.slice(0, top))
  console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`)
