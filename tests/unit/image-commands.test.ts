import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const scripts: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts

/** What the Dockerfile's final stage copies into /app: `COPY --from=<stage> /app/<path> ./<path>`. */
function imagePaths(): string[] {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  return [...finalStage.matchAll(/^COPY --from=\S+ \/app\/(\S+) \.\/\S+$/gm)].map((match) => match[1] ?? '')
}

/**
 * The commands the README gives operators of the image (README, Running in production) run there
 * with `npm run` or `docker exec … node`: the image has production dependencies only (no tsx, no
 * vite) and only the files the Dockerfile copies. Each must therefore be plain `node` on a file the
 * image holds; tests/docker/image-steps.sh runs them on the replayed image.
 */
describe('the commands operators run in the image', () => {
  it.each(['serve', 'admin:link', 'db:backup', 'db:restore'])('npm run %s is node on a file the image has', (name) => {
    const script = scripts[name]
    expect(script, `package.json has no "${name}" script`).toBeDefined()
    const [command, ...args] = String(script).trim().split(/\s+/)
    expect(command, `"${name}": ${script}`).toBe('node')
    const file = args.find((arg) => !arg.startsWith('-'))
    expect(file, `"${name}": ${script}`).toBeDefined()
    const copied = imagePaths()
    expect(copied).toContain('dist')
    expect(
      copied.some((path) => file === path || file?.startsWith(`${path}/`)),
      `"${name}" runs ${file}, which the image does not have (it copies ${copied.join(', ')})`,
    ).toBe(true)
  })

  it('admin:link runs the server build’s second entry, dist/server/admin-link.js', () => {
    expect(scripts['admin:link']).toBe('node dist/server/admin-link.js')
    const viteConfig = readFileSync(join(ROOT, 'vite.config.ts'), 'utf8')
    expect(viteConfig).toContain("'admin-link': 'src/server/admin-link.ts'")
  })
})
