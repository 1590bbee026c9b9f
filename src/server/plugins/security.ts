import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'

export type SecurityOptions = { https: boolean; devMode: boolean }

function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const scripts = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ')
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // Mantine writes its CSS variables into a <style> element and style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The security headers of one answer, by its content type. Every security header comes from here
 * (docs/decisions/008-hash-based-csp-for-cached-pages.md): applySecurityHeaders below for answers
 * Fastify sends, and the public-answer cache for the answers it serves before Fastify
 * (docs/decisions/023-kept-answers-one-layer.md).
 */
export function securityHeaders(
  { https, devMode }: SecurityOptions,
  contentType: string,
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  }
  if (https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  // Vite's dev server injects inline scripts of its own; the policy applies to real builds.
  // The policy governs documents (HTML). A PDF must not get it: Chromium's PDF viewer is
  // embedded in the response's document, and object-src 'none' would leave it blank.
  const isDocument = contentType === '' || contentType.startsWith('text/html')
  if (!devMode && isDocument) headers['content-security-policy'] = contentSecurityPolicy(scriptHashes)
  return headers
}

/**
 * The onSend hook below applies these to every answer of the app, and buildApp's handler to the
 * few answers Fastify sends before any hook runs (a malformed URL, an over-long path parameter).
 */
export function applySecurityHeaders(reply: FastifyReply, options: SecurityOptions) {
  const type = String(reply.getHeader('content-type') ?? '')
  for (const [name, value] of Object.entries(securityHeaders(options, type))) {
    // A route may ask for less (the sign-in link page: same-origin only), and a rendered
    // page brings its policy with its script hashes (kept-answers/answer.ts): never overwrite them.
    if ((name === 'referrer-policy' || name === 'content-security-policy') && reply.hasHeader(name)) continue
    reply.header(name, value)
  }
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      applySecurityHeaders(reply, options)
      return payload
    })
  },
  { name: 'security' },
)
