import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Writes .br and .gz beside every compressible client file, so the server never compresses per request. */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      if (this.environment?.config.consumer === 'server') return
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true })
        const files = await Promise.all(
          entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
        )
        return files.flat()
      }
      const files = (await walk(outDir)).filter((file) => /\.(js|css|svg|json|txt|html|xml)$/.test(file))
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return
          const source = await readFile(file)
          await writeFile(`${file}.br`, await brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }))
          await writeFile(`${file}.gz`, await gz(source, { level: 9 }))
        }),
      )
    },
  }
}

/**
 * Trims the list of files Vite preloads before a dynamic import to the files that are not already
 * loaded: those the importing chunk and the entry import statically, directly or not, are there by
 * the time it runs (every page loads the entry first). Vite lists them all: on every page the entry
 * carried its routes' lists of the same dozens of shared files, names no browser fetched
 * (docs/decisions/021-first-load-budget.md).
 */
function preloadOnlyWhatIsMissing() {
  const imports = new Map<string, readonly string[]>()
  const entries: string[] = []
  const plugin: Plugin = {
    name: 'preload-only-what-is-missing',
    apply: 'build',
    enforce: 'pre',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        imports.clear()
        entries.length = 0
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type !== 'chunk') continue
          imports.set(file, output.imports)
          if (output.isEntry) entries.push(file)
        }
      },
    },
  }
  const loadedWith = (host: string) => {
    const loaded = new Set<string>()
    const visit = (file: string) => {
      if (loaded.has(file)) return
      loaded.add(file)
      for (const imported of imports.get(file) ?? []) visit(imported)
    }
    visit(host)
    for (const entry of entries) visit(entry)
    return loaded
  }
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = loadedWith(hostId)
    return deps.filter((dep) => !loaded.has(dep))
  }
  return { plugin, resolveDependencies }
}

const preload = preloadOnlyWhatIsMissing()

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    precompress(),
    preload.plugin,
  ],
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        // The oldest Node that package.json's engines allows (tests/unit/node-version.test.ts).
        target: 'node22',
        sourcemap: true,
        rolldownOptions: {
          // The server, the admin:link command that signs links with the server's key, and the
          // Markdown renderer's worker thread, which services/markdown.ts finds beside main.js.
          input: {
            main: 'src/server/main.ts',
            'admin-link': 'src/server/admin-link.ts',
            'markdown-worker': 'src/server/services/markdown-worker.ts',
          },
          output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // One stylesheet for the whole site: server-rendered pages link it up front, so no page
        // waits for a route chunk's CSS (no flash of unstyled content).
        cssCodeSplit: false,
        target: 'es2022',
        modulePreload: { resolveDependencies: preload.resolveDependencies },
        rolldownOptions: { input: 'src/client/entry-client.tsx' },
      },
  // The server bundles the icon package (tree-shaken to the dozen icons the pages use) and Mantine
  // (the components used, not all of them) instead of loading them whole from node_modules: Node
  // takes a package's CommonJS "main", which for the icons is a 3.7 MB file of about 5,000
  // components kept in the server's heap for nothing (docs/decisions/022-server-memory-and-first-paint.md).
  ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
}))
