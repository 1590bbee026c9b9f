import { OAuth2Server } from 'oauth2-mock-server'

export const OIDC_CLIENT_ID = 'mhbot-test-client'
export const OIDC_CLIENT_SECRET = 'mhbot-test-secret'

export type TestIssuer = {
  server: OAuth2Server
  url: string
  /** Claims for the next id_token (email, email_verified, nonce, aud, exp, …). */
  nextClaims: (claims: Record<string, unknown>) => void
  stop: () => Promise<void>
}

/** A real OpenID Connect issuer on 127.0.0.1: discovery, PKCE, JWKS and signed id_tokens. */
export async function startTestIssuer(): Promise<TestIssuer> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  const url = server.issuer.url
  if (!url) throw new Error('issuer has no URL')
  let claims: Record<string, unknown> = {}
  // Applied to every token of the next token response (access and id token alike).
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims)
  })
  return {
    server,
    url,
    nextClaims: (next) => {
      claims = next
    },
    stop: () => server.stop(),
  }
}
