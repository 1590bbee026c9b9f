// The pages `npm run bench` measures beyond the fixed public routes: a news post, which the scratch
// database does not have until the bench publishes one through the admin's own REST route, and the
// search page with a query (rendered for each request, never kept: docs/decisions/029-site-search.md).
import { PUBLIC_ROUTES } from './public-routes.mjs'

/** A search the starter content answers from several kinds (pages, FAQ, studies, standards). */
export const SEARCH_WITH_QUERY = '/search?q=pressure'

/**
 * Publishes one news post on a server the tools started (built-server.mjs), signed in with the
 * single-use link it logs at start-up when no identity provider is configured, and returns the
 * post's path. The text says what it is: a page the benchmark made on its scratch database.
 * @param {import('./built-server.mjs').RunningServer} server
 * @returns {Promise<string>}
 */
export async function publishBenchPost(server) {
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
  const signIn = await fetch(`${origin}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: searchParams.get('token') ?? '' }),
  })
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  if (signIn.status !== 303 || !cookie) throw new Error(`signing in with the logged link answered ${signIn.status}`)
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

/**
 * Every page the browser measures (first loads, JavaScript per visit, Lighthouse): the public
 * routes, the post, and a search with a query.
 * @param {string} postPath
 */
export const benchPages = (postPath) => [...PUBLIC_ROUTES, postPath, SEARCH_WITH_QUERY]
