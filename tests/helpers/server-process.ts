/*
 * The server as main.ts starts it (startServer: its log destination, its signals, its graceful
 * stop), without server rendering, so that a test can run it from source as a child process with
 * its standard output a pipe (tests/integration/request-log.test.ts). Run it with `node --import
 * tsx`; the environment is the server's own (src/server/env.ts).
 */
import { parseEnv } from '../../src/server/env'
import { exitOnStartupError, startServer } from '../../src/server/start'

try {
  await startServer(parseEnv(), undefined)
} catch (error) {
  exitOnStartupError(error)
}
