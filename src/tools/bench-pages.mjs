// The pages `npm run bench` measures beyond the fixed public routes: a news post and a standard's
// version in public review, which the scratch database does not have until the bench makes them
// through the admin's own REST routes, and the search page with a query (rendered for each request,
// never kept: docs/decisions/029-site-search.md).
import { PUBLIC_ROUTES } from './public-routes.mjs'

/** A search the starter content answers from several kinds (pages, FAQ, studies, standards). */
export const SEARCH_WITH_QUERY = '/search?q=pressure'

/** @type {WeakMap<import('./built-server.mjs').RunningServer, Promise<string>>} */
const sessions = new WeakMap()

/**
 * The cookie of an admin session on a server the tools started (built-server.mjs), opened once per
 * server with the single-use link it logs at start-up when no identity provider is configured.
 * @param {import('./built-server.mjs').RunningServer} server
 * @returns {Promise<string>}
 */
export function benchSession(server) {
  let session = sessions.get(server)
  if (!session) {
    session = signIn(server)
    sessions.set(server, session)
  }
  return session
}

/** @param {import('./built-server.mjs').RunningServer} server */
async function signIn(server) {
  const logged = server.log.recent.flatMap((line) => {
    try {
      const link = JSON.parse(line).signInLink
      return typeof link === 'string' ? [link] : []
    } catch {
      return []
    }
  })
  const link = logged[0]
  if (!link) throw new Error('the server logged no sign-in link (is OIDC_ISSUER set?): no news post to measure')
  // The link's page changes nothing; its button posts the token, which opens the session
  // (src/server/routes/auth.ts).
  const { origin, pathname, searchParams } = new URL(link)
  const response = await fetch(`${origin}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: searchParams.get('token') ?? '' }),
  })
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  if (response.status !== 303 || !cookie) throw new Error(`signing in with the logged link answered ${response.status}`)
  return cookie
}

/**
 * Publishes one news post through the admin's own REST route and returns the post's path. The text
 * says what it is: a page the benchmark made on its scratch database.
 * @param {import('./built-server.mjs').RunningServer} server
 * @returns {Promise<string>}
 */
export async function publishBenchPost(server) {
  const cookie = await benchSession(server)
  // `#` is a section of the post: the page's title is its h1, and the renderer starts the
  // author's headings one level lower (src/server/services/markdown.ts).
  const body = [
    'The benchmark published this post on its scratch database, to measure a news page the way a visitor meets one.',
    '',
    '# What a post holds',
    '',
    'A title, a summary, and a body written in Markdown: paragraphs, headings, lists and links such as [the standards](/standards).',
    '',
    '- A list item',
    '- Another list item',
  ].join('\n')
  const response = await fetch(`${server.base}/api/admin/news`, {
    method: 'POST',
    headers: { cookie, origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'A post the benchmark published',
      summary: 'A news post on the benchmark’s scratch database, so that a post’s page is measured.',
      body,
      status: 'published',
    }),
  })
  if (response.status !== 201)
    throw new Error(`publishing the bench post answered ${response.status}: ${await response.text()}`)
  const post = /** @type {{ slug: string }} */ (await response.json())
  return `/news/${post.slug}`
}

/** How long the bench's review stays open: past any bench run, and past the server's minimum. */
const REVIEW_DAYS = 60

/**
 * Opens a public review on a standard through the admin's REST routes, as an editor would: a draft
 * of the next version of the last standard with none under way (its text copied from the current
 * one, a change summary that says the benchmark made it), then its review. Returns the version's
 * path, the page a visitor comments on.
 * @param {import('./built-server.mjs').RunningServer} server
 * @returns {Promise<string>}
 */
export async function openBenchReview(server) {
  const cookie = await benchSession(server)
  const headers = { cookie, origin: server.base, 'content-type': 'application/json' }
  const listed = await fetch(`${server.base}/api/admin/standards`, { headers: { cookie } })
  if (listed.status !== 200) throw new Error(`listing the standards answered ${listed.status}`)
  /** @type {Array<{ number: string, key: string, versions: Array<{ version: string, state: string }> }>} */
  const standards = await listed.json()
  const quiet = standards.filter(
    (standard) =>
      standard.versions.length > 0 && standard.versions.every((v) => v.state !== 'draft' && v.state !== 'review'),
  )
  const standard = quiet.at(-1)
  if (!standard) throw new Error('every standard has a draft or a review under way: none to open a review on')
  // Versions are listed newest first; the next is one minor step up.
  const [major = '1', minor = '0'] = (standard.versions[0]?.version ?? '1.0').split('.')
  const version = `${major}.${Number(minor) + 1}`
  const api = `${server.base}/api/admin/standards/${encodeURIComponent(standard.key)}/versions`
  const draft = await fetch(api, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      version,
      changeSummary: 'A draft the benchmark opened for review on its scratch database, to measure a version in review.',
    }),
  })
  if (draft.status !== 201) throw new Error(`the bench's draft answered ${draft.status}: ${await draft.text()}`)
  const closesAt = new Date(Date.now() + REVIEW_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const review = await fetch(`${api}/${encodeURIComponent(version)}/review`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ closesAt }),
  })
  if (review.status !== 200)
    throw new Error(`opening the bench's review answered ${review.status}: ${await review.text()}`)
  return `/standards/${standard.key}/v/${version}`
}

/**
 * Every page the browser measures (first loads, JavaScript per visit, Lighthouse): the public
 * routes, the post, and a search with a query.
 * @param {string} postPath
 */
export const benchPages = (postPath) => [...PUBLIC_ROUTES, postPath, SEARCH_WITH_QUERY]
