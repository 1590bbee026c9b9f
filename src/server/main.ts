import { join } from 'node:path'
import { findAppRoot } from '../db/paths'
import { parseEnv } from './env'
import { readClientAssets } from './ssr/assets'
import { render } from './ssr/render'
import { exitOnStartupError, startServer } from './start'

/** Production entry: serves the built client from dist/client and renders pages in-process. */
try {
  const env = parseEnv()
  const clientDist = join(findAppRoot(), 'dist', 'client')
  await startServer(env, { render, assets: readClientAssets(clientDist), clientDist })
} catch (error) {
  exitOnStartupError(error)
}
