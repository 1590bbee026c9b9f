import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return filesUnder(path)
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.gen.ts') ? [path] : []
  })
}

const IMPORT = /^import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm

describe('module boundaries (STYLE.md "Who may import whom")', () => {
  it('client code imports server and db code for types only', () => {
    const offenders: string[] = []
    for (const file of filesUnder(join(ROOT, 'src', 'client'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const [, typeOnly, specifier = ''] = match
        if (/\/(server|db)\//.test(specifier) && !typeOnly) offenders.push(`${relative(ROOT, file)}: ${specifier}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('shared code imports nothing from the app', () => {
    const offenders: string[] = []
    for (const file of filesUnder(join(ROOT, 'src', 'shared'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const specifier = match[2] ?? ''
        if (specifier.startsWith('.') && /\.\.\/\.\.\//.test(specifier))
          offenders.push(`${relative(ROOT, file)}: ${specifier}`)
        if (!specifier.startsWith('.') && specifier !== 'zod') offenders.push(`${relative(ROOT, file)}: ${specifier}`)
      }
    }
    expect(offenders).toEqual([])
  })
})

/** Reads a call chain `.delete(x).where(y).returning()` from `start` and lists its method names. */
function chainMethods(source: string, start: number): string[] {
  const methods: string[] = []
  let index = start
  for (;;) {
    while (/\s/.test(source[index] ?? '')) index += 1
    if (source[index] !== '.') return methods
    index += 1
    const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(index))?.[0]
    if (!name) return methods
    methods.push(name)
    index += name.length
    while (/\s/.test(source[index] ?? '')) index += 1
    if (source[index] === '<') {
      // generic arguments such as .select<...>() are not used here; stop rather than guess
      return methods
    }
    if (source[index] !== '(') continue
    let depth = 0
    for (; index < source.length; index += 1) {
      const char = source[index]
      if (char === '(') depth += 1
      if (char === ')') {
        depth -= 1
        if (depth === 0) {
          index += 1
          break
        }
      }
    }
  }
}

describe('Drizzle writes', () => {
  it('every update and delete in src/ has a where clause', () => {
    const offenders: string[] = []
    for (const file of filesUnder(join(ROOT, 'src'))) {
      const source = readFileSync(file, 'utf8')
      for (const match of source.matchAll(/\b(?:db|tx|this\.db)\s*\.(update|delete)\(/g)) {
        const methods = chainMethods(source, (match.index ?? 0) + match[0].indexOf('.'))
        if (!methods.includes('where')) {
          const line = source.slice(0, match.index).split('\n').length
          offenders.push(`${relative(ROOT, file)}:${line} ${methods.join('.')}`)
        }
      }
    }
    expect(offenders).toEqual([])
  })

  it('the check itself catches a write without where', () => {
    const source = 'await db.delete(users).returning()\nawait tx.update(users).set({ a: 1 }).where(eq(users.id, 1))'
    const found = [...source.matchAll(/\b(?:db|tx)\s*\.(update|delete)\(/g)].map((match) =>
      chainMethods(source, (match.index ?? 0) + match[0].indexOf('.')),
    )
    expect(found).toEqual([
      ['delete', 'returning'],
      ['update', 'set', 'where'],
    ])
  })
})
