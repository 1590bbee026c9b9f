import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { appMeta, loginTokens } from '../../db/schema'

export const ONE_TIME_LINK_TTL_MS = 15 * 60 * 1000
export const ONE_TIME_LINK_PATH = '/api/login/link'
/** A session opened with the link lasts hours, not the days an OpenID Connect session may. */
export const LINK_SESSION_TTL_MS = 8 * 60 * 60 * 1000

/** Who a link made at start-up signs in on a fresh install with no ADMIN_EMAILS. */
const FALLBACK_OPERATOR_EMAIL = 'admin@localhost'
const FIRST_ADMIN_KEY = 'first_admin_email'
/** Separates this key from every other use of SESSION_SECRET (cookie signing). */
const KEY_PURPOSE = 'mhbot admin sign-in link v1'

type LinkSettings = { OIDC_ISSUER?: string; ADMIN_EMAILS: string[] }

/*
 * A sign-in link carries its own proof (docs/decisions/015-signed-sign-in-links.md): the e-mail,
 * when it was made, an expiry and a random nonce, with an HMAC under a key derived from
 * SESSION_SECRET. Anything that knows the secret can make one without the database (the admin:link
 * command, while the server holds the embedded database open); the server records each link's
 * hash when it is redeemed, so a link works once.
 */

/**
 * A sign-in address: something@somewhere, as ADMIN_EMAILS may hold it. Looser than a mail
 * address (the stand-in operator admin@localhost has no dot), since nothing is sent to it.
 */
export const SignInAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/)

/**
 * What a link vouches for: the address, when it was made (`i`), the expiry its maker wrote (`x`),
 * and a nonce. Times are milliseconds since the epoch.
 */
export type SignInClaims = { e: string; i: number; x: number; n: string }

const PayloadSchema = z.object({
  e: SignInAddressSchema,
  i: z.number().int(),
  x: z.number().int(),
  n: z.string().min(16),
})

/** How far ahead of this server's clock a link's making time may be (another replica's clock). */
const CLOCK_SKEW_MS = 60 * 1000

const linkKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', KEY_PURPOSE, 32))
const sign = (secret: string, payload: string) => createHmac('sha256', linkKey(secret)).update(payload).digest()
const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/** A token for `claims`, signed with the key derived from `secret`. */
export function signSignInToken(secret: string, claims: SignInClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${payload}.${sign(secret, payload).toString('base64url')}`
}

/** A signed single-use sign-in link for `email`, valid for ONE_TIME_LINK_TTL_MS. */
export function createSignInLink(secret: string, email: string, publicUrl: string, now = Date.now()): string {
  const token = signSignInToken(secret, {
    e: email.trim().toLowerCase(),
    i: now,
    x: now + ONE_TIME_LINK_TTL_MS,
    n: randomBytes(16).toString('hex'),
  })
  return `${publicUrl}${ONE_TIME_LINK_PATH}?token=${token}`
}

/**
 * The e-mail and expiry a token vouches for, or null when it is malformed, forged or expired. The
 * server caps a link's life at ONE_TIME_LINK_TTL_MS from when it was made, whatever expiry it was
 * signed with: anything holding the secret can sign, and an older or other maker may write a
 * longer one (docs/decisions/015-signed-sign-in-links.md). A link made in the future is refused,
 * or its maker could stretch it that way.
 */
export function readSignInToken(
  secret: string,
  token: string,
  now = Date.now(),
): { email: string; expiresAt: Date } | null {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0) return null
  // Compared as text: base64url's last character has spare bits, so other spellings decode to the
  // same MAC; accepting them would give one link several hashes, and so several uses.
  const expected = Buffer.from(sign(secret, payload).toString('base64url'))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const parsed = PayloadSchema.safeParse(decoded)
  if (!parsed.success) return null
  const { e: email, i: madeAt, x: signedExpiry } = parsed.data
  if (madeAt > now + CLOCK_SKEW_MS) return null
  const expiresAt = Math.min(signedExpiry, madeAt + ONE_TIME_LINK_TTL_MS)
  if (expiresAt <= now) return null
  return { email, expiresAt: new Date(expiresAt) }
}

/** The address that first signed in through a link while ADMIN_EMAILS was empty, if any. */
export async function readFirstAdmin(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, FIRST_ADMIN_KEY))
  return row?.value ?? null
}

/**
 * Who may sign in with a link: nobody once an OpenID Connect issuer is configured; otherwise a
 * member of the team (`isMember`, a role stored by an accepted invitation), an address in
 * ADMIN_EMAILS, or, while that list is empty, the first admin (the first address to use a link,
 * recorded once and for good).
 */
export function linkEmailAllowed(
  env: LinkSettings,
  email: string,
  firstAdmin: string | null,
  isMember = false,
): boolean {
  if (env.OIDC_ISSUER) return false
  if (isMember) return true
  if (env.ADMIN_EMAILS.length > 0) return env.ADMIN_EMAILS.includes(email)
  return firstAdmin === null || firstAdmin === email
}

/** Who a link printed at start-up signs in. */
export const linkEmail = (env: LinkSettings, firstAdmin: string | null) =>
  env.ADMIN_EMAILS[0] ?? firstAdmin ?? FALLBACK_OPERATOR_EMAIL

/** Whether a link session still counts: its e-mail still allowed, and for hours only. */
export function linkSessionAllowed(
  env: LinkSettings,
  email: string,
  signedInAt: number | undefined,
  firstAdmin: string | null,
  isMember = false,
): boolean {
  if (signedInAt === undefined || Date.now() - signedInAt > LINK_SESSION_TTL_MS) return false
  if (isMember && !env.OIDC_ISSUER) return true
  return linkEmailAllowed(env, email, firstAdmin) && (env.ADMIN_EMAILS.length > 0 || firstAdmin === email)
}

export type Redemption = { email: string } | { refused: 'invalid' | 'used' | 'not-allowed' }

type MemberCheck = (email: string) => Promise<boolean>

/** The signature, the expiry and who may sign in: everything but the single use. */
async function admissibleClaim(
  db: Db,
  env: LinkSettings,
  secret: string,
  token: string,
  isMember: MemberCheck,
): Promise<
  { refused: 'invalid' | 'not-allowed' } | { claim: { email: string; expiresAt: Date }; firstAdmin: string | null }
> {
  const claim = readSignInToken(secret, token)
  if (!claim) return { refused: 'invalid' }
  const firstAdmin = await readFirstAdmin(db)
  if (!linkEmailAllowed(env, claim.email, firstAdmin, await isMember(claim.email))) return { refused: 'not-allowed' }
  return { claim, firstAdmin }
}

/**
 * What redeeming the link now would answer, without redeeming it and without writing anything:
 * the link's page (a GET, which mail scanners and link previews make) says whether its button will
 * work (docs/decisions/037-sign-in-links-open-a-page.md).
 */
export async function checkSignInToken(
  db: Db,
  env: LinkSettings,
  secret: string,
  token: string,
  isMember: MemberCheck = async () => false,
): Promise<Redemption> {
  const admissible = await admissibleClaim(db, env, secret, token, isMember)
  if ('refused' in admissible) return admissible
  const [used] = await db
    .select({ hash: loginTokens.tokenHash })
    .from(loginTokens)
    .where(eq(loginTokens.tokenHash, hash(token)))
  return used ? { refused: 'used' } : { email: admissible.claim.email }
}

/**
 * Redeems a link: checks the signature, the expiry and who may sign in, then records the link as
 * used. The insert is the single-use check: a second redemption, on any replica, finds its row.
 */
export async function redeemSignInToken(
  db: Db,
  env: LinkSettings,
  secret: string,
  token: string,
  isMember: MemberCheck = async () => false,
): Promise<Redemption> {
  const admissible = await admissibleClaim(db, env, secret, token, isMember)
  if ('refused' in admissible) return admissible
  const { claim, firstAdmin } = admissible
  return db.transaction(async (tx) => {
    const used = await tx
      .insert(loginTokens)
      .values({ tokenHash: hash(token), email: claim.email, expiresAt: claim.expiresAt, usedAt: new Date() })
      .onConflictDoNothing()
      .returning({ email: loginTokens.email })
    if (used.length === 0) return { refused: 'used' as const }
    if (env.ADMIN_EMAILS.length === 0 && firstAdmin === null) {
      await tx.insert(appMeta).values({ key: FIRST_ADMIN_KEY, value: claim.email }).onConflictDoNothing()
      // Two first links redeemed at once: only the one whose address was recorded signs in.
      if ((await readFirstAdmin(tx)) !== claim.email) return { refused: 'not-allowed' as const }
    }
    return { email: claim.email }
  })
}

/** A used link is remembered until it would have expired anyway; then its row can go. */
export async function pruneUsedLinks(db: Db): Promise<number> {
  const removed = await db
    .delete(loginTokens)
    .where(lt(loginTokens.expiresAt, new Date()))
    .returning({ hash: loginTokens.tokenHash })
  return removed.length
}
