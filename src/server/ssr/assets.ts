import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** What a page must load: the client entry, its CSS, and the modules worth preloading. */
export type ClientAssets = {
  /** Inline module scripts that must run before the entry (development only: React Refresh). */
  inlineModules?: string[]
  scripts: string[]
  css: string[]
  preloads: string[]
}

type ViteManifestChunk = {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}

const CLIENT_ENTRY = 'src/client/entry-client.tsx'

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

  return {
    scripts: [`/${entry.file}`],
    css: [...css].map((file) => `/${file}`),
    preloads: [...preloads],
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
