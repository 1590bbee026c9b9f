import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import { z } from 'zod'

type OidcConfig = { issuer: string; clientId: string; clientSecret: string | null; redirectUri: string }

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
})
type Discovery = z.infer<typeof DiscoverySchema>

/** What the browser must bring back to /api/callback; kept in a short-lived signed cookie. */
export type PendingLogin = { state: string; codeVerifier: string; nonce: string }

type VerifiedIdentity = {
  issuer: string
  subject: string
  email: string
  firstName: string | null
  lastName: string | null
  picture: string | null
}

export class SignInError extends Error {
  override name = 'SignInError'
}

/**
 * OpenID Connect on top of arctic's OAuth 2.0 client. arctic does no discovery, adds no nonce and
 * does not verify the id_token, so those three live here (docs/decisions/003-sign-in.md).
 */
export class OidcProvider {
  private discovery: Promise<Discovery> | null = null
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null
  private readonly client: OAuth2Client

  constructor(private readonly config: OidcConfig) {
    this.client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri)
  }

  private async discover(): Promise<Discovery> {
    if (!this.discovery) {
      const url = `${this.config.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
      this.discovery = fetch(url, { signal: AbortSignal.timeout(5000) })
        .then(async (response) => {
          if (!response.ok)
            throw new SignInError(`the sign-in provider's discovery document answered ${response.status}`)
          return DiscoverySchema.parse(await response.json())
        })
        .catch((error: unknown) => {
          this.discovery = null // try again next time rather than caching a failure
          throw error instanceof SignInError ? error : new SignInError('the sign-in provider could not be reached')
        })
    }
    return this.discovery
  }

  async startLogin(): Promise<{ url: URL; pending: PendingLogin }> {
    const discovery = await this.discover()
    const pending = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: generateState() }
    const url = this.client.createAuthorizationURLWithPKCE(
      discovery.authorization_endpoint,
      pending.state,
      CodeChallengeMethod.S256,
      pending.codeVerifier,
      ['openid', 'email', 'profile'],
    )
    url.searchParams.set('nonce', pending.nonce)
    return { url, pending }
  }

  async finishLogin(params: { code: string; state: string }, pending: PendingLogin): Promise<VerifiedIdentity> {
    if (params.state !== pending.state) throw new SignInError('the sign-in response did not match this browser')
    const discovery = await this.discover()
    let idToken: string
    try {
      const tokens = await this.client.validateAuthorizationCode(
        discovery.token_endpoint,
        params.code,
        pending.codeVerifier,
      )
      idToken = tokens.idToken()
    } catch {
      throw new SignInError('the sign-in provider did not accept the sign-in code')
    }
    this.jwks ??= createRemoteJWKSet(new URL(discovery.jwks_uri))
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: discovery.issuer,
        audience: this.config.clientId,
        algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      }))
    } catch {
      throw new SignInError('the identity token could not be verified')
    }
    if (payload.nonce !== pending.nonce) throw new SignInError('the identity token was not issued for this sign-in')
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : ''
    if (!email) throw new SignInError('the sign-in provider did not share an e-mail address')
    // Only an explicit true: a missing claim, or the string "false", proves nothing.
    if (payload.email_verified !== true)
      throw new SignInError('the e-mail address is not verified by the sign-in provider')
    if (typeof payload.sub !== 'string' || payload.sub === '' || typeof payload.iss !== 'string')
      throw new SignInError('the identity token names no subject')
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null)
    return {
      issuer: payload.iss,
      subject: payload.sub,
      email,
      firstName: text(payload.given_name),
      lastName: text(payload.family_name),
      picture: text(payload.picture),
    }
  }
}
