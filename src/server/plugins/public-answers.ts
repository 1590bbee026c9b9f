import type { FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { buildAnswer, type PublicAnswers, sendAnswer } from '../public-answers'
import type { SecurityOptions } from './security'

declare module 'fastify' {
  interface FastifyInstance {
    publicAnswers: PublicAnswers
  }
  interface FastifyContextConfig {
    /**
     * The route's 200 answer is the same for everyone and changes only with content: it is kept and
     * served before Fastify until the next content change (docs/decisions/020-*.md).
     */
    publicAnswer?: boolean
  }
}

type Options = { answers: PublicAnswers; security: SecurityOptions }

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]

/**
 * Clears the kept answers on every content change (plugins/content-events.ts), and gives each route
 * marked `config: { publicAnswer: true }` the two hooks that keep its answer: only those routes pay
 * for them, and once kept, their answers never reach Fastify at all.
 */
export const publicAnswersPlugin = fp<Options>(
  async (app, { answers, security }) => {
    app.decorate('publicAnswers', answers)
    app.contentEvents.subscribe(() => answers.changed())

    // The generation before the handler read its data: an answer read across a change is not kept.
    const since = new WeakMap<FastifyRequest, number>()
    const noteGeneration: onRequestAsyncHookHandler = async (request) => {
      since.set(request, answers.generation)
    }
    const keepAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload
      const answer = buildAnswer({
        body: payload,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        cacheControl: 'no-cache',
        kept: true,
        security,
      })
      if (request.method === 'GET') answers.keep(request.url, answer, since.get(request) ?? -1)
      return sendAnswer(request, reply, answer)
    }

    app.addHook('onRoute', (route) => {
      if (!route.config?.publicAnswer) return
      route.onRequest = [...asArray(route.onRequest), noteGeneration]
      route.onSend = [...asArray(route.onSend), keepAnswer]
    })
  },
  { name: 'public-answers', dependencies: ['content-events'] },
)
