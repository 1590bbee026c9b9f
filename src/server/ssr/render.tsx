import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server'
import { createTRPCClient, unstable_localLink } from '@trpc/client'
import superjson from 'superjson'
import { preloadDeferredParts } from '../../client/lib/deferred-part'
import { createQueryClient } from '../../client/lib/query-client'
import { createAppRouter } from '../../client/router'
import { FORM_POST_BLOCK_ID, type FormPostState } from '../../shared/form-post'
import { type AppRouter, appRouter } from '../trpc/router'
import { loadCodeAfterPaint } from './after-paint'
import type { ClientAssets } from './assets'
import { ownScriptHashes, renderMark } from './csp-hashes'
import type { PageResolution, RenderInput, RenderOutput, RenderPage } from './types'

const manifests = new WeakMap<ClientAssets, ReturnType<typeof buildManifest>>()

/** The assets are fixed for the life of the process: build their manifest once, not per request. */
function routerManifest(assets: ClientAssets) {
  let manifest = manifests.get(assets)
  if (!manifest) {
    manifest = buildManifest(assets)
    manifests.set(assets, manifest)
  }
  return manifest
}

function buildManifest(assets: ClientAssets) {
  // Each matched route's split chunks are preloaded with the page (no waterfall after the entry).
  const known: object = routeMatcher().routesById
  const routes: Record<string, { preloads: string[] }> = {}
  for (const [routeId, route] of Object.entries(assets.routes ?? {})) {
    if (!(routeId in known)) throw new Error(`The client build has chunks for route ${routeId}, which the router lacks`)
    routes[routeId] = { preloads: route.preloads }
  }
  return {
    routes: {
      ...routes,
      __root__: {
        css: assets.css,
        preloads: assets.preloads,
        scripts: [
          ...(assets.inlineModules ?? []).map((children) => ({ attrs: { type: 'module' }, children })),
          // Started after the first paint in production (./after-paint.ts).
          ...assets.scripts.map((src) => ({ attrs: { type: 'module', src, async: !assets.inlineModules } })),
        ],
      },
    },
  }
}

/**
 * The requested path and query on the site's own origin. Resolving the path against the site's
 * URL instead would read '//host/x' as another host (and '//%3C' as an invalid one, a 500).
 */
export function pageUrl(url: string, publicUrl: string): URL {
  return new URL(`${new URL(publicUrl).origin}${url.startsWith('/') ? '' : '/'}${url}`)
}

/**
 * Renders one page on the server. Procedures are called in-process through tRPC's local link, so
 * the page's data is fetched without HTTP and handed to the browser with the HTML.
 */
async function renderPage(input: RenderInput): Promise<RenderOutput> {
  const queryClient = createQueryClient()
  // Watched as it happens: the router's SSR integration may clear the cache once the data is sent.
  let dataFailed = false
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') dataFailed = true
  })
  const trpcClient = createTRPCClient<AppRouter>({
    links: [unstable_localLink({ router: appRouter, createContext: input.createContext, transformer: superjson })],
  })
  const request = new Request(pageUrl(input.url, input.site.publicUrl))
  const mark = renderMark()
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ queryClient, trpcClient, scriptMark: mark, formPost: input.formPost }),
    getRouterManifest: () => routerManifest(input.assets),
  })
  // A public page's code waits for the visitor to reach for it; the admin's starts at once (./after-paint.ts).
  let start: 'reach' | 'paint' = 'reach'
  const response = await handler(async ({ router, responseHeaders }) => {
    if (router.state.matches.some((match) => match.staticData?.private)) start = 'paint'
    // The parts whose code the browser fetches on approach are rendered in full here (decision 059).
    // Asked here, once the matched routes are loaded: a route's split chunk registers its parts.
    await preloadDeferredParts()
    return renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> })
  })
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location') ?? '/'
    return { status: response.status, html: '', scriptHashes: [], location, dataFailed }
  }
  const { html, hashes } = ownScriptHashes(loadCodeAfterPaint(await response.text(), ` nonce="${mark}"`, start), mark)
  return { status: response.status, html: withFormPost(html, input.formPost), scriptHashes: hashes, dataFailed }
}

/**
 * The refused post's state as a JSON data block in the head, which the browser reads before it
 * hydrates (src/client/entry-client.tsx). Data, not script: it runs nowhere and needs no CSP hash
 * (docs/decisions/008-hash-based-csp-for-cached-pages.md). Every `<` is escaped, so no value a
 * visitor typed can end the block; React leaves an element it did not render in the head alone.
 */
export function withFormPost(html: string, formPost: FormPostState | undefined): string {
  if (!formPost) return html
  const json = JSON.stringify(formPost).replace(/</g, '\\u003c')
  return html.replace(
    '</head>',
    () => `<script type="application/json" id="${FORM_POST_BLOCK_ID}">${json}</script></head>`,
  )
}

/** A router used only to match URLs to routes; it never loads data, so its clients are never called. */
let matcher: ReturnType<typeof createAppRouter> | null = null
const routeMatcher = () => {
  matcher ??= createAppRouter({
    queryClient: createQueryClient(),
    trpcClient: createTRPCClient<AppRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          createContext: async () => {
            throw new Error('the route matcher loads no data')
          },
          transformer: superjson,
        }),
      ],
    }),
  })
  return matcher
}

type SearchValidator = ((raw: Record<string, unknown>) => unknown) | { parse: (raw: unknown) => unknown }

/** The query parameters a route reads: whatever its validateSearch keeps. */
function readSearch(validator: unknown, raw: Record<string, unknown>): unknown {
  if (!validator) return undefined
  try {
    const validate = validator as SearchValidator
    return typeof validate === 'function' ? validate(raw) : validate.parse(raw)
  } catch {
    return 'invalid'
  }
}

const NOT_FOUND = 'not-found'
/** Matches no route (tests/integration/hardening.test.ts holds that it renders the not-found page). */
const NOT_FOUND_PATH = '/__not-found'

/** See PageResolution: matched the way the router itself matches (decoded, case-insensitive). */
async function resolvePage(url: string): Promise<PageResolution> {
  // Parsed exactly as renderPage parses it, so a URL and the page it renders share one key.
  const parsed = pageUrl(url, 'http://page.invalid')
  // Every unknown path shows the same page (its HTML names no path), rendered from one fixed path:
  // a junk path could be one the router redirects or reads as another page, and that answer must
  // never become the page every unknown path shares.
  const notFound = { key: NOT_FOUND, renderUrl: NOT_FOUND_PATH, route: NOT_FOUND }
  let pathname: string
  try {
    pathname = decodeURIComponent(parsed.pathname)
  } catch {
    return notFound
  }
  const router = routeMatcher()
  const [branch, params, found] = router.getMatchedRoutes(pathname)
  if (!found) return notFound
  const raw = Object.fromEntries(parsed.searchParams)
  const searches = branch.map((route) => readSearch(route.options.validateSearch, raw)).filter(Boolean)
  const valid = !searches.includes('invalid')
  const search = valid ? Object.assign({}, ...searches) : undefined
  const canonical = router.buildLocation({ to: found.fullPath, params, search } as never)
  // The router writes a parameter back as decoded text (an emoji stays an emoji), which is not a
  // path a Location header may carry: compared and redirected to in its percent-encoded form.
  const canonicalPath = pageUrl(canonical.pathname, 'http://page.invalid').pathname
  if (canonicalPath !== parsed.pathname) {
    // Only where the canonical form resolves to itself: a redirect must never lead to another.
    let again: ReturnType<typeof router.getMatchedRoutes>[2]
    try {
      again = router.getMatchedRoutes(decodeURIComponent(canonicalPath))[2]
    } catch {
      again = undefined
    }
    if (again?.id === found.id)
      return { key: null, redirect: `${canonicalPath}${parsed.search}`, renderUrl: url, route: found.fullPath }
  }
  // A query its page refuses is rendered as asked (the page says what is wrong) and never kept.
  if (!valid || branch.some((route) => route.options.staticData?.private))
    return { key: null, renderUrl: url, route: found.fullPath }
  // A search: each distinct text would be an entry, pushing the site's pages out (decision 029).
  const read = (search ?? {}) as Record<string, unknown>
  if (branch.some((route) => route.options.staticData?.freeText?.some((name) => read[name] !== undefined)))
    return { key: null, renderUrl: url, route: found.fullPath }
  return { key: JSON.stringify([found.id, params, searches]), renderUrl: canonical.href, route: found.fullPath }
}

export const render: RenderPage = Object.assign(renderPage, { resolve: resolvePage })
