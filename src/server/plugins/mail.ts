import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import { dkimOptions } from '../dkim'
import { announce } from '../events'
import { composeMail, type Mail, type MailSettings, toSendMailOptions } from '../services/mail-content'
import {
  cancelMail,
  claimDueMail,
  dropMail,
  finishedIssue,
  handOff,
  isNewsletterKind,
  markMailFailed,
  markMailSent,
  type OutboxRow,
  releaseMail,
  renewClaim,
  takeNewsletterSlot,
} from '../services/mail-outbox'

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** SMTP_URL is set: contact notices go out and new subscribers confirm by e-mail. */
      enabled: boolean
      /**
       * Sends whatever is due now and resolves when that round is over (tests and shutdown use it;
       * nothing else needs to: queued rows wake every replica's sender through the database).
       */
      drain: () => Promise<void>
      /**
       * Sends one mail now, past the outbox: for mail that carries a secret (a sign-in link, an
       * invitation), which the outbox must never store, and whose sender wants to know at once
       * whether it went (docs/decisions/025-roles-and-the-team.md). Rejects when mail is off.
       */
      sendNow: (mail: DirectMail) => Promise<void>
    }
  }
}

/** A mail the site writes itself: to one address, from the site, plain text (and HTML for a test issue). */
export type DirectMail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }

/** How the sender paces itself; production uses the defaults, tests shorten them. */
export type MailTiming = {
  /** Looked for due rows at least this often (retries, and NOTIFYs a replica missed). */
  pollMs: number
  /** The wait after the first failed attempt; it doubles with each further one, up to maxRetryMs. */
  retryBaseMs: number
  maxRetryMs: number
  /** After this many attempts a mail is given up and marked failed. */
  maxAttempts: number
  /** How long a claim holds a row; a sender that dies mid-send frees it after this. */
  leaseMs: number
  /**
   * The window MAIL_RATE_PER_MINUTE counts newsletter mail in: a minute. Tests shorten it, so
   * that the rate is "MAIL_RATE_PER_MINUTE per this many milliseconds".
   */
  rateWindowMs: number
}

const DEFAULT_TIMING: MailTiming = {
  pollMs: 15_000,
  retryBaseMs: 30_000,
  maxRetryMs: 60 * 60_000,
  // 30 s doubling to an hour, then hourly: about a day of tries before giving up.
  maxAttempts: 30,
  leaseMs: 2 * 60_000,
  rateWindowMs: 60_000,
}

const BATCH = 20
const CHANNEL = 'mail_queued'

/** A permanent refusal (5xx) will not change on retry: the address or the message is refused. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** An SMTP error names the recipient; the log and the outbox keep what failed, not who it was for. */
const ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g
const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(ADDRESS, '<address>').slice(0, 500)

/** What the log keeps of a failed send: the reason and the SMTP codes, no addresses. */
const failure = (error: unknown) => {
  const { code, responseCode, command } = error as { code?: unknown; responseCode?: unknown; command?: unknown }
  return { reason: describe(error), code, responseCode, command }
}

/** Where a row is bound, for log lines that name no person. */
const about = (row: OutboxRow) => ({
  mailId: row.id,
  kind: row.kind,
  ...(row.messageId !== null ? { messageId: row.messageId } : {}),
  attempt: row.attempts,
})

/**
 * The sender (docs/decisions/016-mail-outbox.md): with SMTP_URL set, every replica runs one. It
 * wakes on the database's NOTIFY when a row is queued, and polls for retries; rows are claimed
 * with SKIP LOCKED so each mail goes out once, whichever replica claims it. Without SMTP_URL it
 * says so once, and services queue nothing.
 */
export const mailPlugin = fp<{ timing?: Partial<MailTiming> }>(
  async (app, options) => {
    const { env } = app
    if (!env.SMTP_URL) {
      app.log.info(
        'mail is off (SMTP_URL is not set): new subscribers are active at once, contact messages wait in the admin inbox',
      )
      app.decorate('mail', {
        enabled: false,
        drain: async () => {},
        sendNow: async () => {
          throw new Error('mail is off (SMTP_URL is not set)')
        },
      })
      return
    }
    const timing = { ...DEFAULT_TIMING, ...options.timing }
    // Every message signed by nodemailer itself when the operator gave a key (docs/operations.md).
    const dkim = dkimOptions(env)
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      ...(dkim ? { dkim } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    // Read when each mail is written: the council's settings can change while the process runs.
    const settings: MailSettings = {
      get site() {
        return app.site
      },
      get from() {
        return env.MAIL_FROM ?? app.site.email
      },
      get notifyTo() {
        return env.COUNCIL_NOTIFY_EMAIL ?? app.site.email
      },
      secret: app.sessionSecret,
    }
    const smtpHost = new URL(env.SMTP_URL).host
    app.log.info(
      {
        smtp: smtpHost,
        notify: settings.notifyTo,
        dkim: dkim ? `${dkim.keySelector}._domainkey.${dkim.domainName}` : null,
      },
      'mail is on',
    )

    const send = async (claimed: OutboxRow) => {
      // The lease covers one mail at a time: renewed here, or the row is no longer this sender's.
      const row = await renewClaim(app.db, claimed, timing.leaseMs)
      if (!row) {
        app.log.info(about(claimed), 'mail skipped: its claim passed to another sender or it was cancelled')
        return
      }
      let mail: Mail | null
      try {
        mail = await composeMail(app.db, row, settings)
      } catch (error) {
        app.log.warn(
          { err: error, ...about(row) },
          'could not read what a queued mail is about; it will be tried again',
        )
        await markMailFailed(app.db, row.id, describe(error), timing.retryBaseMs)
        return
      }
      if (!mail) {
        // An issue's row stays, cancelled, so the issue's progress adds up; other kinds have nothing to keep.
        if (row.kind === 'newsletter_issue') {
          await cancelMail(app.db, row.id)
          await issueMailEnded(row)
        } else await dropMail(app.db, row.id)
        return
      }
      // Cancelled (or its claim lost) while it was being written: it does not go.
      if (!(await handOff(app.db, row))) {
        app.log.info(about(row), 'mail skipped: its claim passed to another sender or it was cancelled')
        return
      }
      try {
        await transport.sendMail(toSendMailOptions(mail))
        await markMailSent(app.db, row.id)
        app.log.info(about(row), 'mail sent')
        await issueMailEnded(row)
      } catch (error) {
        const givingUp = isPermanent(error) || row.attempts >= timing.maxAttempts
        const retryIn = Math.min(timing.retryBaseMs * 2 ** (row.attempts - 1), timing.maxRetryMs)
        await markMailFailed(app.db, row.id, describe(error), givingUp ? null : retryIn)
        if (givingUp) {
          app.log.error({ ...failure(error), ...about(row) }, 'mail not sent: given up')
          await issueMailEnded(row)
        } else
          app.log.warn(
            { ...failure(error), ...about(row), retryInMs: retryIn },
            'mail not sent; it will be tried again',
          )
      }
    }
    /** After one of an issue's mails ended for good: was it the last? */
    const issueMailEnded = async (row: OutboxRow) => {
      if (row.kind !== 'newsletter_issue' || row.postId === null) return
      const outcome = await finishedIssue(app.db, row.postId)
      if (outcome) announce('newsletter.issue.finished', { post: row.postId, ...outcome })
    }

    let stopped = false
    let round: Promise<void> | null = null
    let again = false
    /** Until then this window's newsletter slots are all taken: only other mail is claimed. */
    let rateFullUntil = 0
    let rateTimer: NodeJS.Timeout | null = null
    const rateFull = (retryInMs: number) => {
      rateFullUntil = Date.now() + retryInMs
      if (rateTimer) return
      rateTimer = setTimeout(() => {
        rateTimer = null
        void drain()
      }, retryInMs)
      rateTimer.unref()
    }
    const runRound = async () => {
      do {
        again = false
        let claimed: OutboxRow[]
        do {
          claimed = await claimDueMail(app.db, BATCH, timing.leaseMs, {
            withNewsletter: Date.now() >= rateFullUntil,
          })
          const released = new Set<number>()
          for (const [index, row] of claimed.entries()) {
            if (stopped) {
              // Shutting down: what this sender claimed and did not try goes back at once, no attempt spent.
              await releaseMail(
                app.db,
                claimed.slice(index).map((other) => other.id),
                0,
              )
              break
            }
            if (released.has(row.id)) continue
            if (isNewsletterKind(row.kind)) {
              let full = Date.now() < rateFullUntil
              if (!full) {
                const slot = await takeNewsletterSlot(app.db, env.MAIL_RATE_PER_MINUTE, timing.rateWindowMs)
                if (!slot.ok) {
                  rateFull(slot.retryInMs)
                  full = true
                }
              }
              if (full) {
                // No slot left in this window, on any replica: this row and the batch's other newsletter
                // rows wait for the next window, which is no attempt. Other mail goes on.
                const waiting = claimed.slice(index).filter((other) => isNewsletterKind(other.kind))
                await releaseMail(
                  app.db,
                  waiting.map((other) => other.id),
                  Math.max(0, rateFullUntil - Date.now()),
                )
                for (const other of waiting) released.add(other.id)
                continue
              }
            }
            await send(row)
          }
        } while (claimed.length === BATCH && !stopped)
      } while (again && !stopped)
    }
    /** One round at a time per process; a wake-up during a round asks for one more. */
    const drain = (): Promise<void> => {
      if (stopped) return Promise.resolve()
      if (round) {
        again = true
        return round
      }
      round = runRound()
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'the mail sender could not read the outbox; it will look again')
        })
        .finally(() => {
          round = null
        })
      return round
    }

    const sendNow = async (mail: DirectMail) => {
      await transport.sendMail(toSendMailOptions({ from: { name: app.site.name, address: settings.from }, ...mail }))
    }
    app.decorate('mail', { enabled: true, drain, sendNow })

    let unlisten: (() => Promise<void>) | null = null
    const timer = setInterval(() => void drain(), timing.pollMs)
    timer.unref()
    app.addHook('onReady', async () => {
      unlisten = await app.dbHandle.listen(
        CHANNEL,
        () => void drain(),
        () => void drain(),
      )
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      if (rateTimer) clearTimeout(rateTimer)
      await unlisten?.().catch(() => {})
      stopped = true
      await round
      transport.close()
    })
  },
  { name: 'mail', dependencies: ['config', 'db'] },
)
