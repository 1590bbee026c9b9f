import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** What a page must load: the client entry, its CSS, and the modules worth preloading. */
export type ClientAssets = {
  /** Inline module scripts that must run before the entry (development only: React Refresh). */
  inlineModules?: string[]
  scripts: string[]
  css: string[]
  preloads: string[]
  /**
   * Per route id, the modules its split chunks need beyond the entry's (TanStack Router's
   * autoCodeSplitting), so the server preloads them with the page instead of the browser
   * discovering them only once the entry has run.
   */
  routes?: Record<string, { preloads: string[] }>
}

type ViteManifestChunk = {
  file: string
  src?: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}

const CLIENT_ENTRY = 'src/client/entry-client.tsx'

/**
 * The router's id for a flat route file (src/client/routes/about.index.tsx → '/about/'), or null
 * for the root route and for anything that is not a route file.
 */
export function routeIdOfFile(file: string): string | null {
  const match = /^src\/client\/routes\/([^/?]+)\.tsx$/.exec(file)
  if (!match?.[1] || match[1] === '__root') return null
  const segments = match[1].split('.')
  if (segments.at(-1) === 'index') return `/${segments.slice(0, -1).join('/')}${segments.length > 1 ? '/' : ''}`
  return `/${segments.join('/')}`
}

/** Reads Vite's build manifest once at start-up and turns it into the tags every page needs. */
export function readClientAssets(clientDist: string): ClientAssets {
  const manifestPath = join(clientDist, '.vite', 'manifest.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteManifestChunk>
  const entry = manifest[CLIENT_ENTRY]
  if (!entry) throw new Error(`${manifestPath} has no entry for ${CLIENT_ENTRY}`)

  const css = new Set<string>(entry.css ?? [])
  const preloads = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || preloads.has(`/${chunk.file}`)) return
    preloads.add(`/${chunk.file}`)
    for (const file of chunk.css ?? []) css.add(file)
    for (const next of chunk.imports ?? []) visit(next)
  }
  for (const key of entry.imports ?? []) visit(key)
  // With cssCodeSplit off, the site's single stylesheet is its own manifest entry.
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.css')) css.add(chunk.file)
  }

  // A route's split chunks ('src/client/routes/faq.tsx?tsr-split=component') and their static
  // imports, less what every page preloads already.
  const routes: Record<string, { preloads: string[] }> = {}
  for (const key of Object.keys(manifest)) {
    const [file, query] = key.split('?')
    const routeId = file && query?.startsWith('tsr-split=') ? routeIdOfFile(file) : null
    if (!routeId) continue
    const own = new Set<string>()
    const collect = (next: string) => {
      const chunk = manifest[next]
      if (!chunk || next === CLIENT_ENTRY) return
      const url = `/${chunk.file}`
      if (own.has(url) || preloads.has(url)) return
      own.add(url)
      for (const imported of chunk.imports ?? []) collect(imported)
    }
    collect(key)
    const route = routes[routeId] ?? { preloads: [] }
    for (const url of own) if (!route.preloads.includes(url)) route.preloads.push(url)
    routes[routeId] = route
  }

  return {
    scripts: [`/${entry.file}`],
    css: [...css].map((file) => `/${file}`),
    preloads: [...preloads],
    routes,
  }
}

/** In development Vite serves modules from source and injects CSS from JavaScript. */
export const DEV_ASSETS: ClientAssets = {
  // What Vite's transformIndexHtml would inject for @vitejs/plugin-react's hot reloading.
  inlineModules: [
    [
      'import RefreshRuntime from "/@react-refresh"',
      'RefreshRuntime.injectIntoGlobalHook(window)',
      'window.$RefreshReg$ = () => {}',
      'window.$RefreshSig$ = () => (type) => type',
      'window.__vite_plugin_react_preamble_installed__ = true',
    ].join('\n'),
  ],
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  css: [],
  preloads: [],
}
