import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { createDb } from '../../src/db/client'
import { migrationsFolder } from '../../src/db/paths'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite cluster, dumped (dumpDataDir); each PGlite test file starts from it. */
    pgliteTemplate: string | null
  }
}

/**
 * The embedded project's counterpart of global-postgres.ts's template database: one migrated PGlite,
 * dumped to a file once per run. A file that loads it skips PGlite's initdb and the migrations,
 * which cost about 5 s of CPU per file beside 1.5 s to load (measured on the CI machine).
 */
export default async function setup(project: TestProject) {
  const handle = await createDb({ kind: 'pglite', dataDir: null })
  await handle.migrate(migrationsFolder())
  const client = (handle.db as unknown as { $client: PGlite }).$client
  const dump = await client.dumpDataDir('none')
  await handle.close()
  const dir = await mkdtemp(join(tmpdir(), 'mhbot-pglite-template-'))
  const file = join(dir, 'cluster.tar')
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rm(dir, { recursive: true, force: true })
}
