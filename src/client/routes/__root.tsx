import { MantineProvider, mantineHtmlProps } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import type { FormPostState } from '../../shared/form-post'
import { NotFoundPage } from '../components/not-found-page'
import { SiteFooter } from '../components/site-footer'
import { SiteHeader } from '../components/site-header'
import { ToastRegion } from '../components/toast-region'
import { layoutCssVariables } from '../layout'
import { organizationJsonLd } from '../lib/json-ld'
import { pageHead } from '../lib/seo'
import type { Trpc } from '../lib/trpc'
import { theme } from '../theme'
import { MantineThemeStyles } from '../theme-styles'

export type RouterContext = {
  queryClient: QueryClient
  trpc: Trpc
  /** A form posted without JavaScript and refused: the page shows it again (docs/decisions/030-forms-without-javascript.md). */
  formPost?: FormPostState
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The footer's words are the council's (docs/decisions/055-pages-as-content.md): every page shows
  // them, so they come with the identity, in the same round of the page's data.
  beforeLoad: async ({ context }) => {
    const [site] = await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.site.info.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.site.page.queryOptions({ key: 'footer' })),
    ])
    return { site }
  },
  head: ({ matches, match }) => {
    // The router flags the match that renders a global not-found with _notFound (not in its public types).
    const notFound = matches.some((m) => m.status === 'notFound' || ('_notFound' in m && m._notFound === true))
    const base = {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#00538b' },
      ],
      links: [
        { rel: 'icon', href: '/static/favicon.svg', type: 'image/svg+xml' },
        {
          rel: 'alternate',
          type: 'application/atom+xml',
          title: `${match.context.site?.shortName ?? 'mHBOT Standards Council'} News`,
          href: '/news/feed.xml',
        },
      ],
      scripts: [organizationJsonLd(match.context.site)],
    }
    if (!notFound) return base
    const page = pageHead(
      { title: '404 Page Not Found', description: 'The page you asked for does not exist.', noindex: true },
      match.context.site,
    )
    return { ...base, meta: [...base.meta, ...page.meta] }
  },
  component: RootDocument,
  notFoundComponent: NotFoundPage,
})

function RootDocument() {
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <HeadContent />
      </head>
      <body>
        {/* The provider's own <style> elements would land in the body, which is not valid HTML: the
            theme's CSS and each component's responsive styles go to the head instead
            (docs/decisions/040-valid-html.md). */}
        <MantineProvider
          theme={theme}
          forceColorScheme="light"
          withCssVariables={false}
          withGlobalClasses={false}
          deduplicateInlineStyles
        >
          <MantineThemeStyles resolver={layoutCssVariables} />
          <a className="skip-link" href="#main-content">
            Skip to main content
          </a>
          <SiteHeader />
          <main id="main-content" tabIndex={-1}>
            <Outlet />
          </main>
          <SiteFooter />
          <ToastRegion />
        </MantineProvider>
        <Scripts />
      </body>
    </html>
  )
}
