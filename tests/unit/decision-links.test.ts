import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Links from the code and the docs to docs/decisions stay unbroken: two comments once named
 * decisions that were never written under those names. A test rather than a lint rule, as for the
 * import boundaries (docs/decisions/011-import-boundary-tests.md): Biome has no such rule.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const DECISIONS = join(ROOT, 'docs', 'decisions')
const SEARCHED = ['src', 'tests', 'docs', 'drizzle', 'README.md']
const TEXT = /\.(ts|tsx|mjs|js|cjs|md|sql|css|json|sh|html|txt)$/
const SKIPPED = new Set(['node_modules', '.artifacts'])

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return TEXT.test(path) ? [path] : []
  return readdirSync(path)
    .filter((entry) => !SKIPPED.has(entry))
    .flatMap((entry) => filesUnder(join(path, entry)))
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

describe('links to docs/decisions', () => {
  it('name decisions that exist, in every file of src, tests, docs, drizzle and the README', () => {
    // This file names broken references on purpose, in the test below.
    const files = SEARCHED.flatMap((entry) => filesUnder(join(ROOT, entry))).filter(
      (file) => file !== fileURLToPath(import.meta.url),
    )
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
