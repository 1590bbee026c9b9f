import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of Chromium, or null when it is not installed (then browser tests are skipped). */
    chromiumPath: string | null
  }
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Browser tests run against the built server; build it when the sources are newer. */
export default function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI) throw new Error(`CI needs Chromium at ${CHROMIUM} (apt-get install -y chromium)`)
    console.warn(
      `\n[tests] SKIPPED the browser tests: no Chromium at ${CHROMIUM}. ` +
        'Install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH) to run them.\n',
    )
    project.provide('chromiumPath', null)
    return
  }
  project.provide('chromiumPath', CHROMIUM)
  const result = spawnSync(process.execPath, ['src/tools/ensure-build.mjs'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('The build failed; browser tests need it.')
}
