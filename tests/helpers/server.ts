import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnBuiltServer } from '../../src/tools/built-server.mjs'
import { freePort } from '../../src/tools/processes.mjs'

export type RunningServer = {
  url: string
  port: number
  process: ChildProcess
  /** The environment the server was started with, for commands that must share its settings. */
  env: Record<string, string>
  logs: () => string
  stop: () => Promise<number | null>
}

/**
 * Starts the built server (dist/server/main.js) as production would (src/tools/built-server.mjs:
 * package.json "serve", V8 flags included), on its own port. With no DATABASE_URL it gets a fresh
 * PGlite folder of its own.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = env.DATABASE_URL ? null : await mkdtemp(join(tmpdir(), 'mhbot-e2e-'))
  let output = ''
  const serverEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...env,
  }
  const child = spawnBuiltServer({ env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(`${url}/readyz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become ready in 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }

  return {
    url,
    port,
    process: child,
    env: serverEnv,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const code = await exited
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
      return code
    },
  }
}
