// `npm start`: builds first when dist/ is missing or older than the sources, then serves the build.
// Plain JavaScript so it runs on a bare Node before anything is compiled.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const builtServer = join(root, 'dist', 'server', 'main.js')
const builtManifest = join(root, 'dist', 'client', '.vite', 'manifest.json')
const sources = ['src', 'public', 'drizzle', 'package.json', 'package-lock.json', 'vite.config.ts']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtAt = Math.min(
  existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0,
  existsSync(builtManifest) ? statSync(builtManifest).mtimeMs : 0,
)
const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))))

if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'No build found: building first…' : 'Sources changed since the last build: rebuilding…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import(pathToFileURL(builtServer).href)
