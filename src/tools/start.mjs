// `npm start`: builds first when dist/ is missing or older than the sources, then serves the build
// the way production does (package.json "serve": the same V8 flags), in a child process that gets
// this one's signals, so Ctrl+C and SIGTERM still drain and close the server.
import { spawnBuiltServer } from './built-server.mjs'
import { ensureBuild } from './ensure-build.mjs'

ensureBuild()
const server = spawnBuiltServer({ stdio: 'inherit' })
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
