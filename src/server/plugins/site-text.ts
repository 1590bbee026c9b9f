import fp from 'fastify-plugin'
import { PUBLIC_PATHS } from '../../shared/nav'
import { type PageText, pageText } from '../services/page-text'

declare module 'fastify' {
  interface FastifyInstance {
    /** The words of the site's own pages, for the site search (docs/decisions/029-site-search.md). */
    siteText: { pages: () => Promise<PageText[]> }
  }
}

/**
 * The public pages whose words the search reads from the page itself. The libraries and the news
 * list are left out (their studies, resources and posts are searched in their own tables, and their
 * own words are a heading and tabs), and so is the sitemap (links only). So are the standards' pages
 * and the position statement, which show a standard's text: the standards are searched in their own
 * table, once, linked to the document (docs/decisions/028-standards-as-versioned-documents.md).
 */
export const SEARCHED_PAGES = PUBLIC_PATHS.filter(
  (path) =>
    !['/research', '/resources', '/news', '/sitemap', '/search', '/about/position-statement'].includes(path) &&
    !path.startsWith('/standards'),
)

/**
 * Keeps the words of the site's own pages in memory for the search: the first search of a process
 * asks the app for each page in SEARCHED_PAGES (a kept answer, or rendered and kept then), takes the
 * text of its <main>, and keeps it until content changes, like the kept pages themselves. Without
 * server rendering (some tests build the app without it) there are no pages to read: none.
 */
export const siteTextPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    let kept: PageText[] | null = null
    let reading: { generation: number; done: Promise<PageText[]> } | null = null
    /** Bumped on every content change: text read across a change is used once, not kept. */
    let generation = 0
    app.contentEvents.subscribe(() => {
      generation += 1
      kept = null
      reading = null
    })

    const read = async (since: number): Promise<PageText[]> => {
      const found: PageText[] = []
      let complete = true
      // One page after another: a cold start renders them, and a search need not wait for all at once.
      for (const path of SEARCHED_PAGES) {
        try {
          const response = await app.inject({ method: 'GET', url: path })
          if (response.statusCode === 200) found.push(...pageText(response.body, path))
          else complete = false
        } catch {
          complete = false
        }
      }
      // A page that could not be read (the database away, the server closing) is tried again next time.
      if (complete && since === generation) kept = found
      return found
    }

    const pages = async (): Promise<PageText[]> => {
      if (!enabled) return []
      if (kept) return kept
      if (!reading || reading.generation !== generation) {
        const since = generation
        const done = read(since).finally(() => {
          if (reading?.done === done) reading = null
        })
        reading = { generation: since, done }
      }
      return reading.done
    }

    app.decorate('siteText', { pages })
  },
  { name: 'site-text', dependencies: ['content-events'] },
)
