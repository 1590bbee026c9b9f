import { z } from 'zod'

/**
 * The only module that reads process.env. Everything the server can be told from outside is
 * listed here, validated once at start-up, and typed for the rest of the code.
 */

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const optionalString = z.preprocess(emptyToUndefined, z.string().optional())

/** An optional URL of one of `protocols`, with a host; `message` says what was expected. */
const serviceUrl = (protocols: string[], message: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value)
          return protocols.includes(url.protocol) && url.hostname !== ''
        } catch {
          return false
        }
      }, message)
      .optional(),
  )

const postgresUrl = serviceUrl(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL with a host')

const WINDOW_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const

/** A rate-limit budget written as '<requests>/<window>', such as '5/10m' (s, m or h). */
const budget = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .transform((value, ctx) => {
        const match = /^(\d+)\/(\d+)(s|m|h)$/.exec(value.trim())
        if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
          ctx.addIssue({ code: 'custom', message: 'must look like 5/10m (requests per window of s, m or h)' })
          return z.NEVER
        }
        return { max: Number(match[1]), windowMs: Number(match[2]) * WINDOW_UNITS_MS[match[3] as 's' | 'm' | 'h'] }
      }),
  )

/** An SMTP server as nodemailer reads it: smtp:// (STARTTLS when offered) or smtps:// (TLS), credentials in the URL. */
const smtpUrl = serviceUrl(
  ['smtp:', 'smtps:'],
  'must be an smtp:// or smtps:// URL with a host, such as smtps://user:password@mail.example.org',
)

const optionalEmail = z.preprocess(emptyToUndefined, z.string().email('must be an e-mail address').optional())

const httpUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
  .transform((value) => value.replace(/\/+$/, ''))

const portNumber = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535')

const Settings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.preprocess(emptyToUndefined, portNumber.default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: postgresUrl,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  OIDC_ISSUER: z.preprocess(emptyToUndefined, httpUrl.optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email.length > 0),
      )
      .pipe(z.array(z.string().email('must be a comma-separated list of e-mail addresses'))),
  ),
  UPLOAD_MAX_MB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .positive('must be greater than 0')
      .max(1024, 'must be at most 1024')
      .default(20),
  ),
  /**
   * Longest a client may take to send one whole request (headers and body). A stalled upload is
   * closed after this, so slow clients cannot hold connections open (slowloris).
   */
  REQUEST_TIMEOUT_S: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of seconds')
      .min(1, 'must be between 1 and 300')
      .max(300, 'must be between 1 and 300')
      .default(30),
  ),
  /**
   * How often each process does its scheduled work: publishes the scheduled posts whose time has
   * come, and tells the kept pages of a review that closed (src/server/plugins/scheduled-work.ts).
   */
  NEWS_PUBLISH_INTERVAL_S: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of seconds')
      .min(1, 'must be between 1 and 3600')
      .max(3600, 'must be between 1 and 3600')
      .default(30),
  ),
  /**
   * The shortest public review the council may open, in days (docs/decisions/028-standards-as-versioned-documents.md):
   * 14 by default, as due-process rules for standards bodies expect; 0 lets a review close the same day.
   */
  STANDARDS_REVIEW_MIN_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of days')
      .min(0, 'must be between 0 and 365')
      .max(365, 'must be between 0 and 365')
      .default(14),
  ),
  /**
   * A new registry listing's term in days when the council gives no expiry date (docs/registry.md):
   * a year by default, as certification bodies' listings run.
   */
  REGISTRY_LISTING_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of days')
      .min(1, 'must be between 1 and 1830')
      .max(1830, 'must be between 1 and 1830')
      .default(365),
  ),
  RATE_LIMITS: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: 'must be on or off' }).default('on')),
  /** Budgets per client address, shared by every replica (src/server/plugins/rate-limit.ts). */
  RATE_LIMIT_CONTACT: budget('5/10m'),
  RATE_LIMIT_NEWSLETTER: budget('10/10m'),
  RATE_LIMIT_TESTIMONIAL: budget('5/10m'),
  RATE_LIMIT_COMMENT: budget('5/10m'),
  /** Applications to the registry and renewals (POST /api/registry/applications). */
  RATE_LIMIT_APPLICATION: budget('5/10m'),
  /** Concerns about a listing (POST /api/registry/{number}/concerns). */
  RATE_LIMIT_CONCERN: budget('5/10m'),
  /** What an applicant sends on its page: answers, documents, the link's button. */
  RATE_LIMIT_APPLICANT: budget('30/10m'),
  RATE_LIMIT_UPLOAD: budget('30/10m'),
  RATE_LIMIT_LOGIN: budget('20/10m'),
  RATE_LIMIT_CALLBACK: budget('20/10m'),
  /** Site searches (GET /api/search, the /search page with a query, tRPC search.query). */
  RATE_LIMIT_SEARCH: budget('60/1m'),
  /**
   * Every other public tRPC read over HTTP (the app's own data calls after the first page): their
   * REST twins are kept answers, these are not. A page's own render is not counted.
   */
  RATE_LIMIT_READ: budget('600/1m'),
  /**
   * Which peers may set X-Forwarded-For/-Proto. By default nobody: the client's address is the
   * connection's, so no client can choose its own rate-limit key. Behind a load balancer, name it:
   * a hop count ('1' for one proxy in front), or addresses/CIDRs (proxy-addr syntax, including
   * the names loopback, linklocal, uniquelocal), or 'true' to trust every hop.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('false')
      .transform((value): boolean | number | string => {
        if (value === 'true') return true
        if (value === 'false') return false
        if (/^\d+$/.test(value)) return Number(value)
        return value
      }),
  ),
  /**
   * With no OIDC_ISSUER, whether a start prints a single-use admin sign-in link: 'auto' prints it
   * except in production once its user has signed in before; 'on' prints one at this start.
   */
  SIGN_IN_LINK: z.preprocess(emptyToUndefined, z.enum(['auto', 'on'], { error: 'must be auto or on' }).default('auto')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  COUNCIL_NAME: optionalString,
  COUNCIL_EMAIL: optionalEmail,
  /**
   * Mail is optional (docs/decisions/016-mail-outbox.md): with SMTP_URL set, contact messages are
   * announced to COUNCIL_NOTIFY_EMAIL and new subscribers confirm their address; without it,
   * subscriptions are active at once and messages wait in the admin inbox.
   */
  SMTP_URL: smtpUrl,
  /** The sender of the site's mail; the council's e-mail when unset. */
  MAIL_FROM: optionalEmail,
  /** Who is told of each new contact message; the council's e-mail when unset. */
  COUNCIL_NOTIFY_EMAIL: optionalEmail,
  /**
   * At most this many newsletter mails (issues and welcomes) a minute, across all replicas
   * (docs/decisions/027-newsletter-issues-through-the-outbox.md); contact notices, confirmations and
   * sign-in links are not counted.
   */
  MAIL_RATE_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 100000')
      .max(100_000, 'must be between 1 and 100000')
      .default(60),
  ),
  COUNCIL_WEBSITE: z.preprocess(emptyToUndefined, httpUrl.optional()),
  /**
   * The mail provider's bounce and complaint reports, POST /api/mail/events/{provider}
   * (docs/mail-events.md): the secret its calls prove they know (an HMAC of the generic shape's body,
   * the password of the address's Basic credentials for SES through SNS and for Postmark). Unset:
   * the endpoint is a 404 and no report is taken.
   */
  MAIL_EVENTS_SECRET: z.preprocess(emptyToUndefined, z.string().min(24, 'must be at least 24 characters').optional()),
  /** SES through SNS: the one topic whose messages are taken; others are refused. Unset: any topic signed by SNS. */
  MAIL_EVENTS_SNS_TOPIC_ARN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}(\.fifo)?$/, 'must be an SNS topic ARN')
      .optional(),
  ),
  /** Soft bounces after which the newsletter stops going to an address (a hard bounce or a complaint stops it at once). */
  MAIL_SOFT_BOUNCE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 100')
      .max(100, 'must be between 1 and 100')
      .default(3),
  ),
  /**
   * GET /metrics (Prometheus) on the site's port, for a scraper that sends this as a bearer token
   * (docs/metrics.md). Unset, and without METRICS_PORT, there is no /metrics at all.
   */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(24, 'must be at least 24 characters').optional()),
  /**
   * A port of its own that answers GET /metrics to anyone who reaches it: for a scraper on a
   * private network, with the port never published. Unset: no such listener.
   */
  METRICS_PORT: z.preprocess(emptyToUndefined, portNumber.optional()),
  /**
   * DKIM signing of every mail the site sends, for a relay that does not sign it
   * (docs/operations.md#signed-mail): the domain the signature speaks for (d=), the selector whose
   * DNS TXT record holds the public key (s=), and the private key, PEM, inline (with \n for line
   * breaks) or in a file. All or none; unset, mail goes out as the relay sends it.
   */
  DKIM_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name')
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9._-]{0,62})$/i, 'must be a DNS label (letters, digits, dots, dashes)')
      .optional(),
  ),
  DKIM_PRIVATE_KEY: optionalString,
  DKIM_PRIVATE_KEY_FILE: optionalString,
})

/** The name of every setting: .env.example lists each (tests/unit/env.test.ts). */
export const SETTING_NAMES = Object.keys(Settings.shape)

const EnvSchema = Settings.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['SESSION_SECRET'],
      message: 'is required when NODE_ENV=production (at least 32 characters)',
    })
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: "must not be the site's PORT" })
  }
  const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY ?? env.DKIM_PRIVATE_KEY_FILE]
  if (dkim.some((value) => value !== undefined) && dkim.some((value) => value === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['DKIM_DOMAIN'],
      message:
        'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) are set together or not at all',
    })
  }
  if (env.DKIM_PRIVATE_KEY !== undefined && env.DKIM_PRIVATE_KEY_FILE !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['DKIM_PRIVATE_KEY'],
      message: 'and DKIM_PRIVATE_KEY_FILE are two ways to give one key: set one',
    })
  }
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER is set' })
  }
}).transform((env) => ({
  ...env,
  PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
}))

export type Env = z.output<typeof EnvSchema>

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Parses an environment; a bad value becomes one line naming the setting. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const key = issue.path[0] === undefined ? 'environment' : String(issue.path[0])
    return `${key} ${issue.message}`
  })
  throw new EnvError(`Invalid configuration: ${problems.join('; ')}`)
}
