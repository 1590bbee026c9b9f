import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readClientAssets, routeIdOfFile } from '../../src/server/ssr/assets'

const ROOT = join(import.meta.dirname, '..', '..')

describe('routeIdOfFile', () => {
  it('names every route file as the generated route tree does', () => {
    const generated = readFileSync(join(ROOT, 'src/client/routeTree.gen.ts'), 'utf8')
    const ids = new Set(
      [...(generated.match(/export interface FileRoutesById \{([\s\S]*?)\n\}/)?.[1] ?? '').matchAll(/'([^']+)':/g)].map(
        (match) => match[1],
      ),
    )
    expect(ids.size).toBeGreaterThan(10)
    const files = readdirSync(join(ROOT, 'src/client/routes')).filter((file) => file.endsWith('.tsx'))
    for (const file of files) {
      const id = routeIdOfFile(`src/client/routes/${file}`)
      if (file === '__root.tsx') expect(id).toBeNull()
      else expect(ids.has(id ?? ''), `${file} → ${id}`).toBe(true)
    }
  })

  it('reads index routes with their trailing slash', () => {
    expect(routeIdOfFile('src/client/routes/index.tsx')).toBe('/')
    expect(routeIdOfFile('src/client/routes/about.index.tsx')).toBe('/about/')
    expect(routeIdOfFile('src/client/routes/about.position-statement.tsx')).toBe('/about/position-statement')
    expect(routeIdOfFile('src/client/components/site-header.tsx')).toBeNull()
  })
})

describe('readClientAssets', () => {
  const dist = mkdtempSync(join(tmpdir(), 'client-assets-'))
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it('preloads each route’s split chunks and their imports, less what the entry preloads', () => {
    mkdirSync(join(dist, '.vite'))
    const manifest = {
      'src/client/entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_form.js': { file: 'assets/form.js', imports: ['_react.js', 'src/client/entry-client.tsx'] },
      'src/client/routes/faq.tsx?tsr-split=component': {
        file: 'assets/faq.js',
        isDynamicEntry: true,
        imports: ['src/client/entry-client.tsx', '_react.js'],
      },
      'src/client/routes/contact.tsx?tsr-split=component': {
        file: 'assets/contact.js',
        isDynamicEntry: true,
        imports: ['_form.js', 'src/client/entry-client.tsx'],
      },
      'style.css': { file: 'assets/style.css' },
    }
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
    const assets = readClientAssets(dist)
    expect(assets.scripts).toEqual(['/assets/entry.js'])
    expect(assets.preloads).toEqual(['/assets/react.js'])
    expect(assets.css).toEqual(['/assets/style.css'])
    expect(assets.routes).toEqual({
      '/faq': { preloads: ['/assets/faq.js'] },
      '/contact': { preloads: ['/assets/contact.js', '/assets/form.js'] },
    })
  })
})
