import fp from 'fastify-plugin'
import { apiErrorBody, describeError } from '../errors'
import { sendFormRefusal } from './form-posts'

/**
 * Every failure and every unknown route of every method answers in the one JSON shape of
 * src/server/errors.ts. Unknown page paths never get here: the page renderer answers them with the
 * not-found page. A public form's plain HTML post gets its page instead, with the same status and
 * messages (plugins/form-posts.ts).
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler(async (error, request, reply) => {
      const { status, body, expected, retryAfterSeconds } = describeError(error)
      if (!expected) request.log.error({ err: error }, 'request failed')
      // The error's own message says what was unavailable (the database, the Markdown renderer's queue).
      if (status === 503) request.log.warn({ err: error }, 'service unavailable')
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds))
      if (await sendFormRefusal(request, reply, status, body)) return reply
      return reply.code(status).send(body)
    })
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? ''
      return reply.code(404).send(apiErrorBody(404, `No route for ${request.method} ${path}`))
    })
  },
  { name: 'error-handler' },
)
