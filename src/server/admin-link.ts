/**
 * Prints a fresh single-use admin sign-in link, while the server runs or not:
 *
 *   npm run admin:link -- someone@example.org          (the image, or a checkout once built)
 *   node dist/server/admin-link.js someone@example.org (the same, without npm)
 *   npx tsx src/server/admin-link.ts someone@example.org (development, from the sources)
 *
 * Built as the server build's second entry (vite.config.ts), so it runs on production dependencies
 * only, like the server it makes links for.
 *
 * It reads the same settings as the server and signs the link with a key derived from
 * SESSION_SECRET; it never opens the database, which the running server may hold (the embedded
 * one allows one process only). The server records the link as used when it is redeemed
 * (docs/decisions/015-signed-sign-in-links.md).
 */
import { createSignInLink, ONE_TIME_LINK_TTL_MS, SignInAddressSchema } from './auth/one-time-link'
import { resolveSessionSecret } from './auth/secret'
import { EnvError, parseEnv } from './env'

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

const usage = 'Usage: npm run admin:link -- someone@example.org'

let env: ReturnType<typeof parseEnv>
try {
  env = parseEnv(process.env)
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error))
}

const [given, ...extra] = process.argv.slice(2)
if (!given || extra.length > 0) fail(usage)
const email = SignInAddressSchema.safeParse(given)
if (!email.success) fail(`“${given}” is not an e-mail address. ${usage}`)

if (env.OIDC_ISSUER) {
  fail(
    `OIDC_ISSUER is set, so admins sign in through the OpenID Connect provider at ${env.PUBLIC_URL}/api/login; sign-in links are off.`,
  )
}
if (env.ADMIN_EMAILS.length > 0 && !env.ADMIN_EMAILS.includes(email.data)) {
  fail(
    `${email.data} is not in ADMIN_EMAILS (${env.ADMIN_EMAILS.join(', ')}). Add it there first, then restart the server.`,
  )
}

const link = createSignInLink(resolveSessionSecret(env), email.data, env.PUBLIC_URL)
const minutes = ONE_TIME_LINK_TTL_MS / 60_000
process.stdout.write(
  `Single-use admin sign-in link for ${email.data}, valid ${minutes} minutes:\n\n  ${link}\n\n` +
    (env.ADMIN_EMAILS.length === 0
      ? 'ADMIN_EMAILS is empty: the first address to sign in with a link becomes the only admin until ADMIN_EMAILS is set.\n'
      : ''),
)
