import { STATUS_CODES } from 'node:http'
import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { ZodError } from 'zod'

/** Field name → first message, the JSON shape every 400 answer uses. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    if (!(key in fields)) fields[key] = issue.message
  }
  return fields
}

/**
 * Bad input is a 4xx with a JSON body naming what is wrong; anything else is a 5xx whose detail is
 * logged, never sent (DESIGN.md 7).
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ZodError, request, reply) => {
      if (error instanceof ZodError) {
        return reply.code(400).send({ error: 'Bad Request', message: 'Invalid input', fields: zodFieldErrors(error) })
      }
      const status = error.statusCode ?? 500
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed')
        return reply.code(500).send({ error: 'Internal Server Error', message: 'Internal Server Error' })
      }
      if (error.validation) {
        return reply.code(400).send({ error: 'Bad Request', message: error.message })
      }
      const fields = (error as { fields?: Record<string, string> }).fields
      return reply
        .code(status)
        .send({ error: STATUS_CODES[status] ?? 'Error', message: error.message, ...(fields ? { fields } : {}) })
    })
  },
  { name: 'error-handler' },
)
