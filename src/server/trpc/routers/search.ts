import { SiteSearchSchema } from '../../../shared/schemas/search'
import { searchSite } from '../../services/site-search'
import { publicProcedure, router } from '../init'

/** The site's search, as GET /api/search answers it (README, API; docs/decisions/029-site-search.md). */
export const searchRouter = router({
  // Counted against the address's search budget; the /search page's own request counts once for both.
  query: publicProcedure
    .meta({ budget: 'search' })
    .input(SiteSearchSchema)
    .query(async ({ ctx, input }) => searchSite(ctx.db, input.q, await ctx.pageTexts())),
})
