import { execFileSync } from 'node:child_process'
import { existsSync, globSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The docs cannot drift silently (docs/decisions/043-docs-layout.md). Two comments once named
 * decisions that were never written under those names, and the README once named a procedure
 * builder and a file that had both gone; so this test reads every Markdown file of the repository
 * and the code it names. A test rather than a lint rule, as for the import boundaries
 * (docs/decisions/011-import-boundary-tests.md): Biome has no such rule.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const DECISIONS = join(ROOT, 'docs', 'decisions')
const SEARCHED = ['src', 'tests', 'docs', 'drizzle']
const TEXT = /\.(ts|tsx|mjs|js|cjs|md|sql|css|json|sh|html|txt)$/
const SKIPPED = new Set(['node_modules', '.artifacts', '.git', 'dist', 'data', 'coverage'])

function filesUnder(path: string, pattern = TEXT): string[] {
  if (!statSync(path).isDirectory()) return pattern.test(path) ? [path] : []
  return readdirSync(path)
    .filter((entry) => !SKIPPED.has(entry))
    .flatMap((entry) => filesUnder(join(path, entry), pattern))
}

/**
 * Every Markdown file of the repository: what git tracks, and new files it does not ignore yet (so
 * a doc is checked before its first commit). Without git (a copy of the tree), every .md outside
 * the skipped folders.
 */
function markdownFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    return listed
      .split('\n')
      .filter((path) => path && !path.split('/').some((part) => SKIPPED.has(part)))
      .map((path) => join(ROOT, path))
      .filter((path) => existsSync(path))
  } catch {
    return filesUnder(ROOT, /\.md$/)
  }
}

/** A decision's file name: its number, a dash, a slug. */
const NAME = String.raw`\d{3}-[A-Za-z0-9_-]+\.md`

/**
 * Every reference to a decision in one file's text that names no file, as "line: reference":
 * - any path ending in `decisions/NNN-*.md` must name a file of docs/decisions;
 * - in Markdown, a link `](…NNN-*.md)` must also lead there from the file's own folder;
 * - "decision NNN" must be the number of a decision.
 */
function brokenReferences(file: string, text: string): string[] {
  const broken: string[] = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  const report = (index: number, reference: string) => broken.push(`${lineOf(index)}: ${reference}`)
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(new RegExp(String.raw`\]\(([^)\s#]*?${NAME})(#[^)]*)?\)`, 'g'))) {
      const target = match[1] ?? ''
      if (!target.includes('://') && !existsSync(join(dirname(file), target))) report(match.index ?? 0, target)
    }
  }
  for (const match of text.matchAll(new RegExp(`decisions/(${NAME})`, 'g'))) {
    if (!existsSync(join(DECISIONS, match[1] ?? ''))) report(match.index ?? 0, match[0])
  }
  const numbers = new Set(readdirSync(DECISIONS).map((name) => name.slice(0, 3)))
  for (const match of text.matchAll(/\b[Dd]ecision (\d{3})\b/g)) {
    if (!numbers.has(match[1] ?? '')) report(match.index ?? 0, match[0])
  }
  return broken
}

/** Code spans of a Markdown text (`…`, on one line), with where each starts; fenced blocks included. */
function codeSpans(text: string): { code: string; index: number }[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => ({ code: match[1] ?? '', index: match.index ?? 0 }))
}

/**
 * A repository path inside a code span: `src/…`, `tests/…` or `drizzle/…`, alone or inside a
 * command. A placeholder (`<screen>`, `{id}`, `…`) makes it a pattern, not a path: skipped. A `*`
 * is a glob that must match something. A `:line` suffix is dropped.
 */
const REPO_PATH = /(?:^|[\s(='"])((?:src|tests|drizzle)\/[^\s`'")]*)/g

function pathExists(path: string): boolean {
  const clean = path
    .replace(/[?#].*$/, '')
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/[.,;]$/, '')
  if (/[<>{}…]|\.\.\./.test(clean)) return true
  // Made by a run, never committed (screenshots, reports): nothing to find in a fresh clone.
  if (clean.split('/').some((part) => SKIPPED.has(part))) return true
  if (clean.includes('*')) return globSync(clean, { cwd: ROOT }).length > 0
  return existsSync(join(ROOT, clean))
}

/**
 * Broken paths and links in one Markdown file, as "line: target":
 * - every repository path in a code span exists (from the repository's root);
 * - every relative link `](target)` leads to a file or folder from the file's own folder (an
 *   anchor is not checked; a scheme, `mailto:` or a bare `#anchor` is not a file).
 */
function brokenPaths(file: string, text: string): string[] {
  const broken: string[] = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  // A superseded decision is history: it names the files of its day, some since moved. Its links
  // must still lead somewhere; the current decision names the current files.
  const history = dirname(file) === DECISIONS && /^Status: superseded/m.test(text)
  // So is a decision's Context: it says what was there before, by the names it had then.
  const context = dirname(file) === DECISIONS ? /^## Context\n[\s\S]*?(?=^## )/m.exec(text) : null
  const before = context ? { from: context.index, to: context.index + context[0].length } : null
  const spans = codeSpans(text).filter(({ index }) => !before || index < before.from || index >= before.to)
  for (const { code, index } of history ? [] : spans) {
    for (const match of code.matchAll(REPO_PATH)) {
      const path = match[1] ?? ''
      if (!pathExists(path)) broken.push(`${lineOf(index)}: ${path}`)
    }
  }
  // A link written inside a code span is an example, not a link: blanked, keeping the line numbers.
  const prose = text.replace(/`[^`\n]+`/g, (span) => ' '.repeat(span.length))
  for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (match[1] ?? '').split('#')[0] ?? ''
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    if (!existsSync(join(dirname(file), decodeURIComponent(target))))
      broken.push(`${lineOf(match.index ?? 0)}: ${target}`)
  }
  return broken
}

/**
 * The names docs/api.md writes in code spans, each of a kind the code must hold:
 * - a setting, UPPER_SNAKE_CASE with at least one underscore (`RATE_LIMIT_SEARCH`): a word of src/;
 * - a tRPC procedure, `group.procedure` in camelCase (`news.list`): `group:` is a key of the
 *   app router (src/server/trpc/router.ts) and `procedure:` a key written in src/server/trpc/;
 * - a function, `name()`, or a camelCase identifier (`permitted`, `publishedAt`): a word of src/;
 * - a JSON shape, a code span that starts with `{` or `[{`: each of its keys, a word of src/.
 * Not names, so not checked: paths (they are checked above), HTTP methods and routes, lowercase
 * single words (field values such as `draft`, permissions such as `content`), numbers and quoted
 * literals. A lowercase key that is only a value somewhere (`ok`) still counts inside a shape.
 */
type ApiName = { kind: 'setting' | 'procedure' | 'identifier'; name: string }

function apiNames(code: string): ApiName[] {
  const token = code.trim()
  if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(token)) return [{ kind: 'setting', name: token }]
  if (/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/.test(token)) return [{ kind: 'procedure', name: token }]
  const called = /^([A-Za-z_$][\w$]*)\(\)$/.exec(token)
  if (called?.[1]) return [{ kind: 'identifier', name: called[1] }]
  if (/^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/.test(token)) return [{ kind: 'identifier', name: token }]
  if (/^\[?\{/.test(token)) {
    const keys = [...token.matchAll(/([A-Za-z_][\w]*)\??(?=\s*[,:}])/g)].map((match) => match[1] ?? '')
    return [...new Set(keys)].filter((key) => key !== 'null').map((name) => ({ kind: 'identifier', name }))
  }
  return []
}

function sourceText(): string {
  return filesUnder(join(ROOT, 'src'), /\.(ts|tsx|mjs|js)$/)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')
}

/**
 * Whether the app router has `group.name`: router.ts maps `group` to a router constant, whose
 * `router({ … })` in src/server/trpc/routers holds the key `name`, or spreads `recordProcedures`,
 * whose own keys (adminList, create, update, remove) then count.
 */
type Trpc = { router: string; routers: string[]; records: string }

function trpcText(): Trpc {
  const dir = join(ROOT, 'src', 'server', 'trpc')
  return {
    router: readFileSync(join(dir, 'router.ts'), 'utf8'),
    routers: filesUnder(join(dir, 'routers'), /\.ts$/).map((file) => readFileSync(file, 'utf8')),
    records: readFileSync(join(dir, 'records.ts'), 'utf8'),
  }
}

const word = (name: string) => new RegExp(String.raw`(?<![\w$])${name.replace(/\$/g, '\\$')}(?![\w$])`)
/** A key of an object: `name: …`, or the shorthand `name,` (`testimonials.all`). */
const key = (name: string) => new RegExp(String.raw`(?<![\w$.])${name}\s*[:,]`)

function hasProcedure(trpc: Trpc, procedure: string): boolean {
  const [group = '', name = ''] = procedure.split('.')
  const constant = new RegExp(String.raw`(?<![\w$.])${group}\s*:\s*(\w+)`).exec(trpc.router)?.[1]
  const declaration = `export const ${constant} = router(`
  const file = trpc.routers.find((text) => text.includes(declaration))
  if (!constant || !file) return false
  const start = file.indexOf(declaration)
  const next = file.indexOf('\nexport ', start + 1)
  const body = file.slice(start, next < 0 ? undefined : next)
  if (key(name).test(body)) return true
  // A router that spreads the record procedures (`...recordProcedures(…)` or a part of them).
  const spreadsRecords = file.includes('recordProcedures(') && body.includes('...')
  return spreadsRecords && key(name).test(trpc.records.slice(trpc.records.lastIndexOf('return {')))
}

/** The names of one API doc that the code does not hold, as "line: name". */
function missingNames(text: string, source: string, trpc: Trpc): string[] {
  const missing: string[] = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  for (const { code, index } of codeSpans(text)) {
    for (const { kind, name } of apiNames(code)) {
      const found = kind === 'procedure' ? hasProcedure(trpc, name) : word(name).test(source)
      if (!found) missing.push(`${lineOf(index)}: ${name}`)
    }
  }
  return missing
}

describe('links to docs/decisions', () => {
  it('name decisions that exist, in every file of src, tests, docs, drizzle and every Markdown file', () => {
    // This file names broken references on purpose, in the tests below.
    const files = [
      ...new Set([...SEARCHED.flatMap((entry) => filesUnder(join(ROOT, entry))), ...markdownFiles()]),
    ].filter((file) => file !== fileURLToPath(import.meta.url))
    expect(files.length).toBeGreaterThan(100)
    const broken = files.flatMap((file) =>
      brokenReferences(file, readFileSync(file, 'utf8')).map((reference) => `${relative(ROOT, file)}:${reference}`),
    )
    expect(broken).toEqual([])
  })

  it('catches a wrong name, a wrong relative link and a number with no decision', () => {
    const code = join(ROOT, 'src', 'x.ts')
    const doc = join(ROOT, 'docs', 'product.md')
    const decision = join(DECISIONS, '999-x.md')
    expect(brokenReferences(code, '// see docs/decisions/005-two-adapters-over-one-service-layer.md')).toEqual([])
    expect(brokenReferences(code, '// see docs/decisions/005-two-adapters-one-service-layer.md')).toHaveLength(1)
    expect(brokenReferences(doc, '[x](decisions/018-faq-accordion.md)')).toEqual([])
    expect(brokenReferences(doc, '[x](docs/decisions/018-faq-accordion.md)')).toHaveLength(1)
    expect(brokenReferences(decision, '([decision 012](012-dockerfile-replay.md))')).toEqual([])
    expect(brokenReferences(decision, '([decision 012](012-dockerfile.md))')).toHaveLength(1)
    expect(brokenReferences(code, '(decision 023)')).toEqual([])
    expect(brokenReferences(code, '(decision 123)')).toHaveLength(1)
  })
})

describe('paths and links in the Markdown files', () => {
  it('lead to files that exist, in every Markdown file of the repository', () => {
    const files = markdownFiles()
    expect(files.map((file) => relative(ROOT, file))).toContain('README.md')
    const broken = files.flatMap((file) =>
      brokenPaths(file, readFileSync(file, 'utf8')).map((target) => `${relative(ROOT, file)}:${target}`),
    )
    expect(broken).toEqual([])
  })

  it('catches a path that is not there and a relative link that leads nowhere', () => {
    const doc = join(ROOT, 'docs', 'api.md')
    expect(brokenPaths(doc, 'see `src/server/trpc/init.ts`')).toEqual([])
    expect(brokenPaths(doc, 'see `src/server/trpc/admin-procedure.ts`')).toEqual([
      '1: src/server/trpc/admin-procedure.ts',
    ])
    expect(brokenPaths(doc, 'run `node src/tools/first-load.mjs` once built')).toEqual([])
    expect(brokenPaths(doc, 'run `node src/tools/last-load.mjs`')).toHaveLength(1)
    expect(brokenPaths(doc, 'triggers in `drizzle/0001_*.sql`')).toEqual([])
    expect(brokenPaths(doc, 'triggers in `drizzle/9999_*.sql`')).toHaveLength(1)
    expect(brokenPaths(doc, 'a screen in `src/client/admin/<screen>/`')).toEqual([])
    expect(brokenPaths(doc, '[decisions](decisions/) and [the README](../README.md#configuration)')).toEqual([])
    expect(brokenPaths(doc, '[ops](operation.md)')).toEqual(['1: operation.md'])
    expect(brokenPaths(doc, 'a link `](target)` in a code span is an example')).toEqual([])
    expect(brokenPaths(doc, 'the chunk `src/client/routes/faq.tsx?tsr-split=component`')).toEqual([])
    const old = join(DECISIONS, '999-x.md')
    expect(brokenPaths(old, 'Status: accepted\n\n`src/server/public-answers.ts`')).toHaveLength(1)
    expect(brokenPaths(old, 'Status: superseded by 023\n\n`src/server/public-answers.ts`')).toEqual([])
    const moved = 'Status: accepted\n\n## Context\n`src/server/services/team.ts` was long.\n\n## Decision\n'
    expect(brokenPaths(old, `${moved}Split it.`)).toEqual([])
    expect(brokenPaths(old, `${moved}Its \`src/server/services/team.ts\` stays.`)).toEqual([
      '7: src/server/services/team.ts',
    ])
    expect(brokenPaths(doc, '[w](https://example.org/x.md) [a](#api) [m](mailto:x@example.org)')).toEqual([])
  })
})

describe('names in docs/api.md', () => {
  it('are names the code holds: settings, tRPC procedures, functions and the keys of JSON shapes', () => {
    const text = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8')
    const checked = codeSpans(text).flatMap(({ code }) => apiNames(code))
    expect(checked.filter(({ kind }) => kind === 'procedure').length).toBeGreaterThan(30)
    expect(missingNames(text, sourceText(), trpcText())).toEqual([])
  })

  it('reads names, not paths, methods or values, and catches one the code does not hold', () => {
    expect(apiNames('news.list')).toEqual([{ kind: 'procedure', name: 'news.list' }])
    expect(apiNames('RATE_LIMIT_SEARCH')).toEqual([{ kind: 'setting', name: 'RATE_LIMIT_SEARCH' }])
    expect(apiNames('requirePermission()')).toEqual([{ kind: 'identifier', name: 'requirePermission' }])
    expect(apiNames('{ disposition, response? }').map(({ name }) => name)).toEqual(['disposition', 'response'])
    for (const notAName of ['GET /api/news', 'POST', 'draft', 'content', '404', "'visitor'", 'src/server/app.ts'])
      expect(apiNames(notAName)).toEqual([])
    const source = sourceText()
    const trpc = trpcText()
    expect(missingNames('`permitted` and `standards.answerComment`', source, trpc)).toEqual([])
    expect(missingNames('`adminProcedure`', source, trpc)).toEqual(['1: adminProcedure'])
    expect(missingNames('`standards.answer`', source, trpc)).toEqual(['1: standards.answer'])
    expect(missingNames('`news.nowhere`, `NO_SUCH_SETTING`', source, trpc)).toHaveLength(2)
  })
})
