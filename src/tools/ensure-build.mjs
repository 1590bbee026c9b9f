// Builds the app when dist/ is missing or older than the sources. Used by `npm start` and by the
// browser tests. Plain JavaScript so it runs on a bare Node before anything is compiled.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const builtServer = join(root, 'dist', 'server', 'main.js')

const builtManifest = join(root, 'dist', 'client', '.vite', 'manifest.json')
const sources = ['src', 'public', 'drizzle', 'package.json', 'package-lock.json', 'vite.config.ts']

/**
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export function ensureBuild() {
  const builtAt = Math.min(
    existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0,
    existsSync(builtManifest) ? statSync(builtManifest).mtimeMs : 0,
  )
  const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))))
  if (builtAt !== 0 && sourcesAt <= builtAt) return
  console.log(builtAt === 0 ? 'No build found: building first…' : 'Sources changed since the last build: rebuilding…')
  // The build must be a production build even when started from a test runner (NODE_ENV=test).
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) {
    console.error('Build failed.')
    process.exit(result.status ?? 1)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureBuild()
