import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'

export type SecurityOptions = { https: boolean; devMode: boolean }

/** Script hashes a rendered page needs; the SSR plugin fills this before sending HTML. */
declare module 'fastify' {
  interface FastifyReply {
    cspScriptHashes?: string[]
  }
}

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
 * Every security header comes from here (docs/decisions/008-hash-based-csp-for-cached-pages.md):
 * the onSend hook below for every answer of the app, and buildApp's handler for the few answers
 * Fastify sends before any hook runs (a malformed URL, an over-long path parameter).
 */
export function applySecurityHeaders(reply: FastifyReply, { https, devMode }: SecurityOptions) {
  reply.header('x-content-type-options', 'nosniff')
  // A route may ask for less (the sign-in link page sends none at all); never overwrite it.
  if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin')
  reply.header('x-frame-options', 'DENY')
  reply.header('cross-origin-opener-policy', 'same-origin')
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
  if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
  // Vite's dev server injects inline scripts of its own; the policy applies to real builds.
  // The policy governs documents (HTML). A PDF must not get it: Chromium's PDF viewer is
  // embedded in the response's document, and object-src 'none' would leave it blank.
  const type = String(reply.getHeader('content-type') ?? '')
  const isDocument = type === '' || type.startsWith('text/html')
  if (!devMode && isDocument && !reply.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', contentSecurityPolicy(reply.cspScriptHashes ?? []))
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
