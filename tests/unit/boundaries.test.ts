import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return filesUnder(path)
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.gen.ts') ? [path] : []
  })
}

/** Every import, re-export and dynamic import, with whether it brings in types only. */
const IMPORTS = [
  /^\s*(?:import|export)\s+(type\s+)?[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm,
  /^\s*import\s+()['"]([^'"]+)['"]/gm,
  /\bimport\(\s*()['"]([^'"]+)['"]\s*\)/g,
]

type Import = { specifier: string; typeOnly: boolean; target: string | null }

/** `target` is the imported file's path under src/ (e.g. 'server/services/users'), or null for a package. */
function importsOf(file: string, source: string): Import[] {
  const found: Import[] = []
  for (const pattern of IMPORTS) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[2] ?? ''
      const target = specifier.startsWith('.') ? relative(join(ROOT, 'src'), join(dirname(file), specifier)) : null
      found.push({ specifier, typeOnly: Boolean(match[1]), target })
    }
  }
  return found
}

const under = (target: string | null, ...areas: string[]) =>
  target !== null && areas.some((area) => target === area || target.startsWith(`${area}/`))

type Rule = {
  name: string
  area: string
  /** Files (paths under src/, no extension) or folders (ending in '/') the rule does not apply to. */
  except?: string[]
  refuses: (imported: Import) => boolean
}

/**
 * Whether a shared module brings in zod when imported for its values: itself, or a shared module it
 * imports for values. The public pages' code must not (decision 021: zod is 25 KB gzip of every page).
 */
const zodFree = new Map<string, boolean>()
function bringsZod(target: string): boolean {
  const known = zodFree.get(target)
  if (known !== undefined) return !known
  zodFree.set(target, true) // a cycle among shared modules is judged by its other edges
  const file = [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`]
    .map((name) => join(ROOT, 'src', name))
    .find((path) => {
      try {
        return statSync(path).isFile()
      } catch {
        return false
      }
    })
  const brings =
    file !== undefined &&
    importsOf(file, readFileSync(file, 'utf8')).some(
      ({ target: next, specifier, typeOnly }) =>
        !typeOnly && (specifier === 'zod' || (next !== null && under(next, 'shared') && bringsZod(next))),
    )
  zodFree.set(target, !brings)
  return brings
}

/** Who may import whom (docs/decisions/011-import-boundary-tests.md). */
const RULES: Rule[] = [
  {
    name: 'a public page’s code takes nothing that brings in zod but types (decision 021)',
    area: 'client',
    // The admin checks its forms with the shared schemas; the registry's application form is one page's.
    except: ['client/admin/', 'client/components/registry-apply'],
    refuses: ({ target, specifier, typeOnly }) =>
      !typeOnly && (specifier === 'zod' || (target !== null && under(target, 'shared') && bringsZod(target))),
  },
  {
    name: 'client code imports server and db code for types only',
    area: 'client',
    refuses: ({ target, typeOnly }) => under(target, 'server', 'db') && !typeOnly,
  },
  {
    name: 'shared code imports nothing of ours, and no package but zod',
    area: 'shared',
    refuses: ({ target, specifier }) => (target === null ? specifier !== 'zod' : !under(target, 'shared')),
  },
  {
    name: 'services import no plugin, route or tRPC code',
    area: 'server/services',
    refuses: ({ target }) => under(target, 'server/plugins', 'server/routes', 'server/trpc'),
  },
  {
    name: 'db code imports no server code (services included)',
    area: 'db',
    refuses: ({ target }) => under(target, 'server'),
  },
  {
    name: 'server code imports client code only in the page renderer',
    area: 'server',
    except: ['server/ssr/render'],
    refuses: ({ target }) => under(target, 'client'),
  },
  {
    name: 'only the tRPC plugin and the page renderer reach into tRPC code',
    area: 'server',
    except: ['server/trpc/', 'server/plugins/trpc', 'server/plugins/ssr', 'server/ssr/'],
    refuses: ({ target }) => under(target, 'server/trpc'),
  },
  {
    name: 'tRPC code imports plugin and route code for types only',
    area: 'server/trpc',
    refuses: ({ target, typeOnly }) => under(target, 'server/plugins', 'server/routes') && !typeOnly,
  },
  {
    name: 'content is data only: no package, nothing of ours but other content and types from shared',
    area: 'content',
    refuses: ({ target, typeOnly }) =>
      target === null || !(under(target, 'content') || (typeOnly && under(target, 'shared'))),
  },
]

function offendersOf(rule: Rule, files: { path: string; source: string }[]): string[] {
  const exempt = (path: string) => {
    const name = relative(join(ROOT, 'src'), path).replace(/\.tsx?$/, '')
    return (rule.except ?? []).some((entry) => (entry.endsWith('/') ? name.startsWith(entry) : name === entry))
  }
  return files
    .filter((file) => !exempt(file.path))
    .flatMap((file) =>
      importsOf(file.path, file.source)
        .filter((imported) => rule.refuses(imported))
        .map((imported) => `${relative(ROOT, file.path)}: ${imported.specifier}`),
    )
}

describe('module boundaries', () => {
  for (const rule of RULES) {
    it(rule.name, () => {
      const dir = join(ROOT, 'src', rule.area)
      const files = filesUnder(dir).map((path) => ({ path, source: readFileSync(path, 'utf8') }))
      expect(files.length).toBeGreaterThan(0)
      expect(offendersOf(rule, files)).toEqual([])
    })
  }

  it('each rule catches the import it forbids', () => {
    /** `where` is a folder under src/ (the file is then x.ts in it) or a file path ending in .ts/.tsx. */
    const at = (where: string, source: string) => [
      { path: join(ROOT, 'src', /\.tsx?$/.test(where) ? where : `${where}/x.ts`), source },
    ]
    const caught = (name: string, area: string, source: string) => {
      const rule = RULES.find((candidate) => candidate.name.startsWith(name))
      if (!rule) throw new Error(`no rule for ${name}`)
      return offendersOf(rule, at(area, source)).length
    }
    expect(
      caught('a public page', 'client/components', "import { withSettings } from '../../shared/schemas/pages'"),
    ).toBe(1)
    expect(
      caught('a public page', 'client/components', "import { withSettings } from '../../shared/page-definitions'"),
    ).toBe(0)
    expect(
      caught('a public page', 'client/components', "import type { PageKey } from '../../shared/schemas/pages'"),
    ).toBe(0)
    expect(
      caught('a public page', 'client/admin/pages', "import { PAGE_KEYS } from '../../../shared/schemas/pages'"),
    ).toBe(0)
    expect(caught('client code', 'client', "import { appRouter } from '../server/trpc/router'")).toBe(1)
    expect(caught('client code', 'client', "import type { AppRouter } from '../server/trpc/router'")).toBe(0)
    expect(caught('shared code', 'shared', "import { x } from '../client/nav'")).toBe(1)
    expect(caught('shared code', 'shared', "import { z } from 'zod'\nimport { a } from './b'")).toBe(0)
    expect(caught('shared code', 'shared', "import fp from 'fastify-plugin'")).toBe(1)
    expect(caught('services', 'server/services', "import { x } from '../plugins/session'")).toBe(1)
    expect(caught('services', 'server/services', "const m = await import('../trpc/init')")).toBe(1)
    expect(caught('services', 'server/services', "import { NotFoundError } from '../errors'")).toBe(0)
    expect(caught('db code', 'db', "import { upsertUser } from '../server/services/users'")).toBe(1)
    expect(caught('content', 'content', "import { DEFAULT_SITE } from '../shared/site'")).toBe(1)
    expect(caught('content', 'content', "import type { SiteInfo } from '../shared/site'")).toBe(0)
    expect(caught('content', 'content', "export { x } from 'pdf-lib'")).toBe(1)
    expect(caught('content', 'content', "import { MILD_MAX_ATA } from './facts'")).toBe(0)
    expect(caught('content', 'content', "import { fileUrl } from '../db/files'")).toBe(1)
    expect(
      caught('server code imports client', 'server/routes', "import { PUBLIC_PATHS } from '../../client/nav'"),
    ).toBe(1)
    expect(
      caught(
        'server code imports client',
        'server/ssr/render.tsx',
        "import { createAppRouter } from '../../client/router'",
      ),
    ).toBe(0)
    expect(caught('only the tRPC', 'server', "import type { FormLimits } from './trpc/context'")).toBe(1)
    expect(caught('tRPC code', 'server/trpc', "import { zodFieldErrors } from '../plugins/error-handler'")).toBe(1)
    expect(caught('tRPC code', 'server/trpc', "import type { BudgetName } from '../plugins/rate-limit'")).toBe(0)
  })
})

type Source = { path: string; source: string }

/**
 * Every import cycle among `files`, each written from its first file in name order round to it again
 * ('admin/news/list.tsx → admin/news/screen.tsx → admin/news/list.tsx'). Type-only imports count: a
 * cycle of types still means two files that cannot be read, moved or split one without the other.
 */
function cyclesAmong(files: Source[]): string[] {
  const nameOf = (path: string) => relative(join(ROOT, 'src'), path).replace(/\.tsx?$/, '')
  const shown = new Map(files.map((file) => [nameOf(file.path), relative(join(ROOT, 'src', 'client'), file.path)]))
  const edges = new Map(
    files.map((file) => [
      nameOf(file.path),
      importsOf(file.path, file.source).flatMap(({ target }) => (target !== null && shown.has(target) ? [target] : [])),
    ]),
  )
  const cycles = new Set<string>()
  // The folders are a few files each: every simple path is walked.
  const walk = (path: string[]) => {
    for (const next of edges.get(path.at(-1) ?? '') ?? []) {
      const at = path.indexOf(next)
      if (at === -1) {
        walk([...path, next])
        continue
      }
      const loop = path.slice(at)
      const first = loop.indexOf([...loop].sort()[0] ?? '')
      const turned = [...loop.slice(first), ...loop.slice(0, first)]
      cycles.add([...turned, turned[0] ?? ''].map((name) => shown.get(name)).join(' → '))
    }
  }
  for (const start of edges.keys()) walk([start])
  return [...cycles].sort()
}

const ADMIN = join(ROOT, 'src', 'client', 'admin')

describe('admin screen folders', () => {
  it("have no import cycle among a folder's files, type-only imports included (types.ts holds what they share)", () => {
    const folders = readdirSync(ADMIN).filter((entry) => statSync(join(ADMIN, entry)).isDirectory())
    expect(folders.length).toBeGreaterThan(5)
    const cycles = folders.flatMap((folder) =>
      cyclesAmong(filesUnder(join(ADMIN, folder)).map((path) => ({ path, source: readFileSync(path, 'utf8') }))),
    )
    expect(cycles).toEqual([])
  })

  it('the check finds a cycle made of type-only imports, and names it', () => {
    const at = (name: string, source: string) => ({ path: join(ADMIN, 'news', name), source })
    expect(
      cyclesAmong([
        at('screen.tsx', "import { PostList } from './list'\nexport type Post = { id: number }"),
        at('list.tsx', "import type { Post } from './screen'"),
        at('form.tsx', "import type { Post } from './types'"),
        at('types.ts', 'export type Post = { id: number }'),
      ]),
    ).toEqual(['admin/news/list.tsx → admin/news/screen.tsx → admin/news/list.tsx'])
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
