import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server'
import { createTRPCClient, unstable_localLink } from '@trpc/client'
import superjson from 'superjson'
import { createQueryClient } from '../../client/lib/query-client'
import { createAppRouter } from '../../client/router'
import { type AppRouter, appRouter } from '../trpc/router'
import type { ClientAssets } from './assets'
import type { RenderInput, RenderOutput } from './types'

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
  return {
    routes: {
      __root__: {
        css: assets.css,
        preloads: assets.preloads,
        scripts: [
          ...(assets.inlineModules ?? []).map((children) => ({ attrs: { type: 'module' }, children })),
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
export async function render(input: RenderInput): Promise<RenderOutput> {
  const queryClient = createQueryClient()
  const trpcClient = createTRPCClient<AppRouter>({
    links: [unstable_localLink({ router: appRouter, createContext: input.createContext, transformer: superjson })],
  })
  const request = new Request(pageUrl(input.url, input.site.publicUrl))
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ queryClient, trpcClient }),
    getRouterManifest: () => routerManifest(input.assets),
  })
  const response = await handler(({ router, responseHeaders }) =>
    renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
  )
  if (response.status >= 300 && response.status < 400) {
    return { status: response.status, html: '', location: response.headers.get('location') ?? '/' }
  }
  return { status: response.status, html: await response.text() }
}
