import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project root, found by walking up from this module to the nearest package.json. The same
 * code runs from src/ (tsx, vitest) and bundled into dist/server/, so fixed relative paths would
 * break in one of the two.
 */
export function findAppRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${from}`)
    dir = parent
  }
  return dir
}

export const migrationsFolder = (root = findAppRoot()) => join(root, 'drizzle')
