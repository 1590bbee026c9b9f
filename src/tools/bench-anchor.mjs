// The benchmark's anchor (`npm run bench`): a bare Fastify server, no plugins, that answers each URL
// with the bytes and headers the app answered it with, from memory, and logs one line per request as
// the app does: the same shape, an id per request, and the same asynchronous destination on standard
// output (src/server/log-stream.mjs, docs/decisions/038-logs-off-the-request-path.md). It is what "as
// fast as the framework allows, logging as production logs" means on this machine in this run; the
// app's figures are read against it.
// Argument: a JSON file [{ path, identity: { headers, body }, br: { headers, body } }] (body base64).
// Prints `ANCHOR_READY <port>` once listening on 127.0.0.1.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import Fastify from 'fastify'
import { openLogStream } from '../server/log-stream.mjs'

/** @typedef {{ headers: Record<string, string>, body: string }} RecordedAnswer */
/** @type {Array<{ path: string, identity: RecordedAnswer, br: RecordedAnswer }>} */
const answers = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'))
const stream = openLogStream()
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info', stream }, disableRequestLogging: true })
const logsRequests = ['trace', 'debug', 'info'].includes(app.log.level)
const PROCESS_ID = randomBytes(6).toString('base64url')
let requests = 0
// pino's own fields, as the app's lines carry them.
const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`
/** @param {RecordedAnswer} recorded */
const decoded = (recorded) => ({ headers: recorded.headers, body: Buffer.from(recorded.body, 'base64') })
for (const answer of answers) {
  const identity = decoded(answer.identity)
  const br = decoded(answer.br)
  app.get(answer.path, (request, reply) => {
    const started = performance.now()
    // The same choice the app makes for the two kinds of request the bench sends.
    const variant = (request.headers['accept-encoding'] ?? '').includes('br') ? br : identity
    reply.headers(variant.headers).send(variant.body)
    // The line a kept answer leaves, made as the app makes it (keptLineWriter in src/server/log.ts):
    // one string, an id of the process's random part and a count.
    if (logsRequests) {
      requests += 1
      const responseTime = Math.round((performance.now() - started) * 1000) / 1000
      stream.write(
        `{"level":30,"time":${Date.now()}${bindings},"reqId":"${PROCESS_ID}-${requests.toString(36)}","req":${JSON.stringify({ method: request.method, url: answer.path })},"res":{"statusCode":200},"responseTime":${responseTime},"kept":true,"msg":"request completed"}\n`,
      )
    }
  })
}
const address = await app.listen({ port: 0, host: '127.0.0.1' })
// On standard error: standard output is the log, read by the bench as a log collector would.
process.stderr.write(`ANCHOR_READY ${new URL(address).port}\n`)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)))
