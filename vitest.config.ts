import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

// In CI, a worker that dies of a V8 fatal error (its heap limit reached, say) leaves a Node
// diagnostic report here, which tests/helpers/time-reporter.ts summarises at the end of the run:
// Vitest itself says only "Worker exited unexpectedly". The reporter also notes each worker's exit
// code or signal, and a worker the stack of an exit made while a file ran (worker-exits.ts).
if (process.env.CI && !process.env.TEST_NODE_REPORTS)
  process.env.TEST_NODE_REPORTS = mkdtempSync(join(tmpdir(), 'mhbot-node-reports-'))
const reports = process.env.TEST_NODE_REPORTS

/**
 * Five projects: pure unit tests; client tests of the admin kit and the public forms in jsdom; the
 * database suite on a real Postgres (a fresh database per test file, created and dropped here); the
 * same suite on embedded PGlite so the two drivers stay in step; and browser tests in Chromium
 * against the built server.
 */
export default defineConfig({
  test: {
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two files at a time, whatever their project: Vitest's default on a two-core machine is one
    // (cores - 1), and a project without file parallelism runs in a group of its own after the
    // others, so the whole suite ran one file after another. A browser file spends much of its time
    // waiting on its server and Chromium, which a database file beside it can use. Each file has
    // its own database, server and browser, so no two share state; a PGlite file holds a few hundred
    // MB, two of them fit easily.
    maxWorkers: 2,
    // In CI, also where the time went (tests/helpers/time-reporter.ts): CI keeps only the output's tail.
    reporters: process.env.CI ? ['default', './tests/helpers/time-reporter.ts'] : ['default'],
    execArgv: reports ? ['--report-on-fatalerror', `--report-directory=${reports}`, '--report-compact'] : [],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'db:postgres',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-postgres.ts'],
          env: { TEST_DB_DRIVER: 'postgres' },
          // A database file imports the whole server (the tRPC router, Drizzle, the Markdown
          // pipeline): 4-10 s a file when each file imports it anew. Files share a worker's modules
          // instead; each still builds its own app over its own database, and none mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'db:pglite',
          include: ['tests/integration/**/*.test.ts'],
          // Files about how an answer travels (encodings, rate budgets, the log's pipe), not about
          // what the database stores: the driver plays no part, and each run costs a PGlite.
          exclude: [
            'tests/integration/compression.test.ts',
            'tests/integration/read-budget.test.ts',
            'tests/integration/request-log.test.ts',
          ],
          globalSetup: ['tests/helpers/global-pglite.ts'],
          env: { TEST_DB_DRIVER: 'pglite' },
          // Each file in a process of its own, unlike db:postgres: a worker that had run many PGlite
          // files died twice in CI with no error and no Node report (Vitest: "Worker exited
          // unexpectedly"), which a fresh process per file never did. It costs the server's import
          // again per file, about 4 minutes of the run.
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          // The admin kit's and the public forms' contracts in a simulated DOM (decision 045): real
          // components, a real tRPC client, and a fetch the test answers; no server, database or browser.
          name: 'client',
          include: ['tests/client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-postgres.ts', 'tests/helpers/global-e2e.ts'],
          testTimeout: 60_000,
          // A page updates after its request lands; on a shared, busy machine that can take more than
          // expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
