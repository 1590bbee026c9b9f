import { createHmac, hkdfSync } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { rateLimitCounters } from '../../db/schema'
import { isStoredMember } from '../services/team'
import { createSignInLink, ONE_TIME_LINK_TTL_MS } from './one-time-link'

/** At most one sign-in mail per address in this time, whoever asks (anyone can type an address). */
export const SIGN_IN_MAIL_INTERVAL_MS = 10 * 60 * 1000

/** Separates this key from the link's and the cookies' (all derived from SESSION_SECRET). */
const KEY_PURPOSE = 'mhbot sign-in mail interval v1'

/**
 * The counter's key for an address: keyed with the secret, so the shared counters table, which
 * anyone with database access reads, does not list the team's addresses.
 */
function slotKey(secret: string, email: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, '', KEY_PURPOSE, 32))
  return `sign-in-mail:${createHmac('sha256', key).update(email).digest('base64url')}`
}

/**
 * Takes the address's one mail of the interval, by the database's clock, so every replica shares
 * it: a single upsert that writes a new window only where none is running. True when taken.
 */
async function takeSlot(db: Db, key: string): Promise<boolean> {
  const interval = `${SIGN_IN_MAIL_INTERVAL_MS} milliseconds`
  const taken = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt: sql`now() + ${interval}::interval` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: { count: 1, resetAt: sql`excluded.reset_at` },
      setWhere: sql`${rateLimitCounters.resetAt} <= now()`,
    })
    .returning({ key: rateLimitCounters.key })
  return taken.length > 0
}

export type SignInMailOutcome = 'sent' | 'not-on-the-team' | 'too-soon'

/**
 * Mails a sign-in link to `email` when it belongs to the team and none was mailed to it in the
 * last 10 minutes. The caller answers the asker the same words whatever this returns, and calls it
 * after the answer: neither the words nor the timing tell who is on the team, nor who asked lately.
 * A mail the server refuses gives the slot back, so the member can ask again at once.
 */
export async function mailSignInLink(app: FastifyInstance, email: string): Promise<SignInMailOutcome> {
  const owners = await app.configOwners()
  if (!owners.includes(email) && !(await isStoredMember(app.db, email))) return 'not-on-the-team'
  const key = slotKey(app.sessionSecret, email)
  if (!(await takeSlot(app.db, key))) return 'too-soon'
  const link = createSignInLink(app.sessionSecret, email, app.env.PUBLIC_URL)
  const minutes = ONE_TIME_LINK_TTL_MS / 60_000
  try {
    await app.mail.sendNow({
      to: email,
      subject: `Your sign-in link for the ${app.site.name} admin`,
      text: [
        'Hello,',
        '',
        `Someone, probably you, asked to sign in to the ${app.site.name} admin with this address.`,
        `Open this link within ${minutes} minutes and press “Sign in” on the page it opens; it works once:`,
        '',
        link,
        '',
        'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
        `Another link can be asked for ${SIGN_IN_MAIL_INTERVAL_MS / 60_000} minutes after this one was sent.`,
      ].join('\n'),
    })
  } catch (error) {
    await app.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key))
    throw error
  }
  return 'sent'
}
