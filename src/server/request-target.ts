import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { apiErrorBody } from './errors'
import { loggedRequest, requestCompleted, requestId } from './log'
import { type SecurityOptions, securityHeaders } from './plugins/security'

const ABSOLUTE_FORM = /^https?:\/\//i

/**
 * Brings a request target into the origin form ('/path?query') every part of the app expects, or
 * answers 400 itself and returns false. RFC 9112 §3.2.2 says a server must accept the absolute form
 * ('GET http://host/path', what a client sends to a proxy): it is served as its path and query would
 * be; the host in it is not ours to route on. The asterisk form ('*', for a server-wide OPTIONS) and
 * anything else that is not a path get 400 in the one error shape.
 */
export function acceptRequestTarget(
  request: IncomingMessage,
  response: ServerResponse,
  security: SecurityOptions,
  log: FastifyBaseLogger,
): boolean {
  const target = request.url ?? ''
  if (target.startsWith('/')) return true
  if (ABSOLUTE_FORM.test(target)) {
    try {
      const { pathname, search } = new URL(target)
      request.url = `${pathname}${search}`
      return true
    } catch {
      // An absolute form that is no URL is refused below like any other bad target.
    }
  }
  const started = performance.now()
  const body = JSON.stringify(apiErrorBody(400, 'The request target must be a path, such as /research'))
  const contentType = 'application/json; charset=utf-8'
  response.writeHead(400, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...securityHeaders(security, contentType),
  })
  response.end(request.method === 'HEAD' ? undefined : body)
  log.info(
    requestCompleted(
      {
        req: loggedRequest(request.method, '(not a path)'),
        statusCode: 400,
        responseTime: performance.now() - started,
      },
      requestId(request),
    ),
    'request completed',
  )
  return false
}
