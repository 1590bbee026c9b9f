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

export type RenderOutput = { status: number; html: string; location?: string }

export type RenderPage = (input: RenderInput) => Promise<RenderOutput>
