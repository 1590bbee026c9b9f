// The benchmark's anchor (`npm run bench`): a bare Fastify server, no plugins, no logger, that answers
// each URL with the bytes and headers the app answered it with, from memory. It is what "as fast as
// the framework allows" means on this machine in this run; the app's figures are read against it.
// Argument: a JSON file [{ path, identity: { headers, body }, br: { headers, body } }] (body base64).
// Prints `ANCHOR_READY <port>` once listening on 127.0.0.1.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

/** @typedef {{ headers: Record<string, string>, body: string }} RecordedAnswer */
/** @type {Array<{ path: string, identity: RecordedAnswer, br: RecordedAnswer }>} */
const answers = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'))
const app = Fastify()
/** @param {RecordedAnswer} recorded */
const decoded = (recorded) => ({ headers: recorded.headers, body: Buffer.from(recorded.body, 'base64') })
for (const answer of answers) {
  const identity = decoded(answer.identity)
  const br = decoded(answer.br)
  app.get(answer.path, (request, reply) => {
    // The same choice the app makes for the two kinds of request the bench sends.
    const variant = (request.headers['accept-encoding'] ?? '').includes('br') ? br : identity
    reply.headers(variant.headers).send(variant.body)
  })
}
const address = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(`ANCHOR_READY ${new URL(address).port}`)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)))
