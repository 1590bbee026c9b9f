import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodType } from 'zod'
import type { SecurityOptions } from '../plugins/security'
import { buildAnswer, sendAnswer } from './answer'
import type { KeptAnswers } from './store'

declare module 'fastify' {
  interface FastifyInstance {
    keptAnswers: KeptAnswers
  }
  interface FastifyContextConfig {
    /**
     * The route's 200 answer is the same for everyone and changes only with content: it is kept
     * until the next content change (docs/decisions/023-kept-answers-one-layer.md). A route that
     * reads its query names the zod schema it parses it with: the answer is kept under what that
     * schema makes of the query, so `?page=01&x=y` and `?page=1` are one entry, and a query it
     * refuses is never kept. Without one, the query is not part of the key.
     */
    publicAnswer?: true | { query: ZodType }
  }
}

type Options = { answers: KeptAnswers; security: SecurityOptions }

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]

/**
 * What the answer itself says, or what is true of one request only: never taken from the reply
 * into a kept answer. Everything else the route set (a Link, a Content-Disposition) is kept.
 */
const NOT_KEPT = new Set([
  'set-cookie',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'vary',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
])

/** The headers the handler (and hooks after it) set on a miss, as the kept answer will send them. */
function routeHeaders(reply: FastifyReply, before: ReadonlySet<string>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || before.has(name) || NOT_KEPT.has(name)) continue
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return kept
}

/**
 * Clears the kept answers on every content change (plugins/content-events.ts), marks the store as
 * closing when the server starts closing, and gives each REST route marked
 * `config: { publicAnswer: true }` the two hooks that keep its answer under a canonical key: the
 * route, its parameters and the query parameters its schema declares, never the raw URL. Pages are
 * kept by the page route (plugins/ssr.ts) in the same store.
 */
export const keptAnswersPlugin = fp<Options>(
  async (app, { answers, security }) => {
    app.decorate('keptAnswers', answers)
    app.contentEvents.subscribe(() => answers.changed())
    app.addHook('preClose', async () => {
      answers.closing = true
    })

    /** A miss being made: its key, the generation it started in, the headers set before the handler. */
    type Pending = { key: string; since: number; before: ReadonlySet<string> }
    const pending = new WeakMap<FastifyRequest, Pending>()

    /** The route, its parameters and what its query schema makes of the query; null if it refuses it. */
    const keyOf = (request: FastifyRequest, query: ZodType | undefined): string | null => {
      const read = query?.safeParse(request.query ?? {})
      if (read && !read.success) return null
      return JSON.stringify(['api', request.routeOptions.url, request.params ?? {}, read?.data ?? null])
    }

    app.addHook('onRoute', (route) => {
      if (!route.config?.publicAnswer) return
      const methods = asArray(route.method)
      if (methods.some((method) => method !== 'GET' && method !== 'HEAD'))
        throw new Error(`${route.url}: only a GET route can keep its answer`)
      const query = route.config.publicAnswer === true ? undefined : route.config.publicAnswer.query
      const fastPath = route.config.budget === undefined

      // The last preHandler, after every policy, so the key is made of what the route actually reads.
      const serveKept: preHandlerAsyncHookHandler = async (request, reply) => {
        const key = keyOf(request, query)
        // A query the route refuses: its handler answers the 400, and nothing is kept.
        if (key === null) return
        const entry = answers.get(key)
        if (entry === undefined) {
          app.metrics?.keptMiss()
          pending.set(request, { key, since: answers.generation, before: new Set(Object.keys(reply.getHeaders())) })
          return
        }
        app.metrics?.keptHit()
        answers.alias(request.url, key)
        return reply.send(sendAnswer(request, reply, entry.answer, entry.status))
      }
      const keepAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
        const made = pending.get(request)
        if (made === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload
        // A request that started at the same moment may have kept it already: compress once.
        let entry = answers.peek(made.key)
        if (entry === undefined) {
          const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8')
          const headers = routeHeaders(reply, made.before)
          const answer = buildAnswer(payload, { contentType, cacheControl: 'no-cache', security, headers }, 'quick')
          entry = { status: 200, answer, fastPath, route: route.url }
          if (answers.keep(made.key, entry, made.since)) answers.alias(request.url, made.key)
        } else answers.alias(request.url, made.key)
        return sendAnswer(request, reply, entry.answer)
      }
      route.preHandler = [...asArray(route.preHandler), serveKept]
      route.onSend = [...asArray(route.onSend), keepAnswer]
    })
  },
  { name: 'kept-answers', dependencies: ['content-events', 'metrics'] },
)
