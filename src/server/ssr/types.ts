import type { FormPostState } from '../../shared/form-post'
import type { PublicSite } from '../../shared/site'
import type { Context } from '../trpc/context'
import type { ClientAssets } from './assets'

export type RenderInput = {
  /** Path and query of the requested page. */
  url: string
  site: PublicSite
  assets: ClientAssets
  createContext: () => Promise<Context>
  /**
   * A form posted without JavaScript and refused: the page shows the form with it, and carries it
   * in a data block for the browser's hydration (docs/decisions/030-forms-without-javascript.md).
   */
  formPost?: FormPostState
}

export type RenderOutput = {
  status: number
  html: string
  /** sha256 sources of the inline scripts the app itself emitted, for the page's CSP. */
  scriptHashes: string[]
  location?: string
  /** Some data behind the page could not be loaded: the HTML is incomplete and must not be kept. */
  dataFailed: boolean
}

/**
 * What a URL is, before rendering it (docs/decisions/023-kept-answers-one-layer.md):
 * - `key` names the one kept entry every URL showing the same page shares (the route, its
 *   parameters and only the query parameters the page reads; one entry for every unknown path), or
 *   is null when the page depends on who asks and is never kept;
 * - `redirect`, when the path is not the page's canonical form (a trailing slash, other letter
 *   case): where to send the visitor instead. Such a URL is never rendered, so its redirect can
 *   never be kept under the canonical key;
 * - `renderUrl`: the URL to render, made from what the key holds, so the kept HTML is the same
 *   whichever of its URLs came first;
 * - `route`: the page's route pattern in the app's router (`/news/$slug`), or `not-found`: what
 *   the metrics count the request under, one series per page however many URLs it has.
 */
export type PageResolution = { key: string | null; redirect?: string; renderUrl: string; route: string }

export type RenderPage = ((input: RenderInput) => Promise<RenderOutput>) & {
  resolve: (url: string) => Promise<PageResolution>
}
