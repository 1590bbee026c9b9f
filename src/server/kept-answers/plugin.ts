import type { FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
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
     * until the next content change (docs/decisions/023-kept-answers-one-layer.md).
     */
    publicAnswer?: boolean
  }
}

type Options = { answers: KeptAnswers; security: SecurityOptions }

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]

/** The query parameters a route declares in its schema: the only ones that can change its answer. */
function declaredQuery(schema: unknown): string[] {
  const querystring = (schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring
  return Object.keys(querystring?.properties ?? {}).sort()
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

    type Pending = { key: string; since: number }
    const pending = new WeakMap<FastifyRequest, Pending>()

    const keyOf = (request: FastifyRequest, query: string[]) => {
      const values = request.query as Record<string, unknown> | undefined
      const read = query.map((name) => [name, values?.[name]])
      return JSON.stringify(['api', request.routeOptions.url, request.params ?? {}, read])
    }

    app.addHook('onRoute', (route) => {
      if (!route.config?.publicAnswer) return
      const methods = asArray(route.method)
      if (methods.some((method) => method !== 'GET' && method !== 'HEAD'))
        throw new Error(`${route.url}: only a GET route can keep its answer`)
      const query = declaredQuery(route.schema)
      const fastPath = route.config.budget === undefined

      // After validation, so the key is made of what the route actually reads.
      const serveKept: preHandlerAsyncHookHandler = async (request, reply) => {
        const key = keyOf(request, query)
        const entry = answers.get(key)
        if (entry === undefined) {
          pending.set(request, { key, since: answers.generation })
          return
        }
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
          const answer = buildAnswer(payload, { contentType, cacheControl: 'no-cache', security }, 'quick')
          entry = { status: 200, answer, fastPath }
          if (answers.keep(made.key, entry, made.since)) answers.alias(request.url, made.key)
        } else answers.alias(request.url, made.key)
        return sendAnswer(request, reply, entry.answer)
      }
      route.preHandler = [...asArray(route.preHandler), serveKept]
      route.onSend = [...asArray(route.onSend), keepAnswer]
    })
  },
  { name: 'kept-answers', dependencies: ['content-events'] },
)
