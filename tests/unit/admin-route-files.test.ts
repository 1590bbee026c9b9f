import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The router's own bundle, which every public page loads first, holds each route file whole: only
 * a route's component is split off (autoCodeSplitting). So an admin route file stays a thin wrapper
 * around its screen, and what it imports besides the screen (the kit's route helper) imports nothing
 * heavy: one import of zod, Mantine or a list component here added 30 KB gzip to every public page
 * (docs/decisions/021-first-load-budget.md, 024-admin-kit.md).
 */

const ROOT = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const importsOf = (source: string) =>
  [...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)].map((match) => ({
    typeOnly: Boolean(match[1]),
    specifier: match[2] ?? '',
  }))

const ROUTES = readdirSync(join(ROOT, 'src/client/routes')).filter((name) => /^admin\..+\.tsx$/.test(name))

describe('admin route files', () => {
  it.each(ROUTES)('%s imports the router, the kit’s route helper and its screen, and nothing else', (name) => {
    const imports = importsOf(read(`src/client/routes/${name}`)).filter((entry) => !entry.typeOnly)
    const allowed = (specifier: string) =>
      specifier === '@tanstack/react-router' ||
      specifier === '../admin/ui/route' ||
      /^\.\.\/admin\/[a-z-]+\/screen$/.test(specifier) ||
      // A screen whose address says more than a list's (the registry's view and open record).
      /^\.\.\/admin\/[a-z-]+\/view-search$/.test(specifier)
    expect(imports.map((entry) => entry.specifier).filter((specifier) => !allowed(specifier))).toEqual([])
    expect(read(`src/client/routes/${name}`).split('\n').length).toBeLessThanOrEqual(15)
  })

  it('the route helper and the searches it reads import only the head helper, types, constants and shared words', () => {
    expect(importsOf(read('src/client/admin/ui/route.ts'))).toEqual([
      { typeOnly: true, specifier: '../../../shared/site' },
      { typeOnly: false, specifier: '../../lib/seo' },
      { typeOnly: false, specifier: './list-search' },
    ])
    expect(importsOf(read('src/client/admin/registry/view-search.ts'))).toEqual([
      { typeOnly: false, specifier: '../../../shared/registry-applications' },
      { typeOnly: false, specifier: '../ui/list-search' },
    ])
    // The pages' names without the schemas that check an editor's page (zod).
    expect(importsOf(read('src/client/admin/pages/view-search.ts'))).toEqual([
      { typeOnly: false, specifier: '../../../shared/page-definitions' },
    ])
    expect(importsOf(read('src/client/admin/ui/list-search.ts'))).toEqual([
      { typeOnly: false, specifier: '../../../shared/constants' },
    ])
  })
})
