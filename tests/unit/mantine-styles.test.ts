import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const CORE = join(ROOT, 'node_modules/@mantine/core')
const STYLES_MODULE = join(ROOT, 'src/client/styles/mantine.ts')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Every value (not type) the client imports from @mantine/core. */
function usedMantineNames(): Set<string> {
  const names = new Set<string>()
  for (const file of filesUnder(join(ROOT, 'src/client')).filter((f) => /\.tsx?$/.test(f))) {
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/import\s*(type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
      if (match[1]) continue
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim()
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0] ?? name)
      }
    }
  }
  return names
}

/**
 * The component stylesheets those values need: every `X.module.mjs` (a component's class names,
 * one per styles/X.css) reachable through Mantine's own relative imports.
 */
function neededStylesheets(names: Set<string>): Set<string> {
  const index = readFileSync(join(CORE, 'esm/index.mjs'), 'utf8')
  const exported = new Map<string, string>()
  for (const match of index.matchAll(/(?:export|import)\s*\{([^}]+)\}\s*from\s*"([^"]+)"/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/)
      const key = (alias ?? name ?? '').trim()
      if (key && !exported.has(key)) exported.set(key, join(CORE, 'esm', match[2] ?? ''))
    }
  }
  const seen = new Set<string>()
  const sheets = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    if (file.endsWith('.module.mjs')) sheets.add(basename(file, '.module.mjs'))
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s*"(\.[^"]+)"/g)) {
      visit(resolve(dirname(file), match[1] ?? ''))
    }
  }
  for (const name of names) {
    const file = exported.get(name)
    if (!file) throw new Error(`@mantine/core exports no ${name}`)
    visit(file)
  }
  return sheets
}

const imported = () =>
  [...readFileSync(STYLES_MODULE, 'utf8').matchAll(/^import '@mantine\/core\/styles\/([^']+)\.layer\.css'/gm)].map(
    (match) => match[1] ?? '',
  )

describe('Mantine styles (src/client/styles/mantine.ts)', () => {
  it('has the stylesheet of every Mantine component the client uses, and of those they use', () => {
    const names = usedMantineNames()
    expect(names.has('Button')).toBe(true)
    const missing = [...neededStylesheets(names)].filter((sheet) => !imported().includes(sheet))
    expect(missing, 'add these @mantine/core/styles/*.layer.css imports').toEqual([])
  })

  it('imports the base styles first, then components in the order of Mantine’s full stylesheet', () => {
    const full = readFileSync(join(CORE, 'styles.layer.css'), 'utf8')
    const sheets = imported()
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global'])
    const position = (sheet: string) => {
      const body = readFileSync(join(CORE, 'styles', `${sheet}.layer.css`), 'utf8')
        .replace(/^@layer mantine \{/, '')
        .trim()
      const at = full.indexOf(body.slice(0, Math.min(body.length - 2, 200)))
      expect(at, `${sheet} is not found in Mantine's full stylesheet`).toBeGreaterThanOrEqual(0)
      return at
    }
    const positions = sheets.map(position)
    const sorted = [...sheets].sort((a, b) => position(a) - position(b))
    expect(sheets).toEqual(sorted)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })
})
