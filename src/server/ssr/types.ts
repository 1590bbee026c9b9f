import type { PublicSite } from '../../shared/site'
import type { Context } from '../trpc/context'
import type { ClientAssets } from './assets'

export type RenderInput = {
  /** Path and query of the requested page. */
  url: string
  site: PublicSite
  assets: ClientAssets
  createContext: () => Promise<Context>
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
 * What a URL is, before rendering it: `key` names the one cache entry every URL showing the same
 * page shares (the route, its parameters and only the query parameters the page reads; one entry
 * for every unknown path), or null when the page depends on who asks and is never cached.
 */
export type PageResolution = { key: string | null }

export type RenderPage = ((input: RenderInput) => Promise<RenderOutput>) & {
  resolve: (url: string) => Promise<PageResolution>
}
