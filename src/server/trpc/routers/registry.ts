import {
  AdminRegistryQuerySchema,
  ListingIdParamsSchema,
  ListingInputSchema,
  ListingNumberParamsSchema,
  ListingUpdateSchema,
  RegistrySearchSchema,
  RemoveDocumentSchema,
  StatusChangeSchema,
} from '../../../shared/schemas/registry'
import { RenewalTokenSchema } from '../../../shared/schemas/registry-applications'
import { applicantToken } from '../../auth/applicant'
import { NotFoundError } from '../../errors'
import {
  adminListing,
  adminRegistryList,
  changeListingStatus,
  createListing,
  listRegistry,
  registryListing,
  registryOptions,
  registryStandards,
  removeListingDocument,
  updateListing,
} from '../../services/registry'
import { applicantView, renewalStart } from '../../services/registry/applications'
import { readApplicationToken } from '../../services/registry/links'
import { change, permitted, publicProcedure, router } from '../init'
import { adminApplicationsRouter } from './registry-applications'
import { adminConcernsRouter } from './registry-concerns'

/**
 * The registry (docs/registry.md): the public search and listing pages, and the council's side
 * under `admin`, each procedure needing `registry`. The REST routes (routes/registry.ts) call the
 * same services.
 */
export const registryRouter = router({
  list: publicProcedure.input(RegistrySearchSchema).query(({ ctx, input }) => listRegistry(ctx.db, input)),
  /** Null for a number no listing has, so the page shows the site's not-found page. */
  listing: publicProcedure
    .input(ListingNumberParamsSchema)
    .query(({ ctx, input }) => registryListing(ctx.db, input.number)),
  standards: publicProcedure.query(({ ctx }) => registryStandards(ctx.db)),
  /** What the application form chooses from: the published versions and the listed chamber models (all public). */
  applyOptions: publicProcedure.query(({ ctx }) => registryOptions(ctx.db)),
  /**
   * The applicant's page: the application its link (cookie or bearer) names, or null without one
   * (the page then says how to get in; GET /api/registry/application answers 401).
   */
  application: publicProcedure.query(async ({ ctx }) => {
    const id = readApplicationToken(ctx.request.server.sessionSecret, applicantToken(ctx.request))
    if (!id) return null
    return applicantView(ctx.db, id, {
      secret: ctx.request.server.sessionSecret,
      publicUrl: ctx.request.server.site.publicUrl,
      mailEnabled: ctx.request.server.mail.enabled,
    }).catch((error: unknown) => {
      // A link to an application that is gone: as good as none.
      if (error instanceof NotFoundError) return null
      throw error
    })
  }),
  /** The renewal form's start, by the renewal link's token. */
  renewal: publicProcedure
    .input(RenewalTokenSchema)
    .query(({ ctx, input }) => renewalStart(ctx.db, ctx.request.server.sessionSecret, input.token)),

  admin: router({
    list: permitted('registry')
      .input(AdminRegistryQuerySchema)
      .query(({ ctx, input }) => adminRegistryList(ctx.db, input)),
    get: permitted('registry')
      .input(ListingIdParamsSchema)
      .query(({ ctx, input }) => adminListing(ctx.db, input.id)),
    options: permitted('registry').query(({ ctx }) => registryOptions(ctx.db)),
    create: permitted('registry')
      .input(ListingInputSchema)
      .mutation(({ ctx, input }) =>
        createListing(ctx.db, ctx.user, input, { listingDays: ctx.request.server.env.REGISTRY_LISTING_DAYS }),
      ),
    update: change('registry', ListingUpdateSchema, updateListing),
    changeStatus: change('registry', StatusChangeSchema, (db, actor, input) => changeListingStatus(db, actor, input)),
    removeDocument: change('registry', RemoveDocumentSchema, removeListingDocument),
    applications: adminApplicationsRouter,
    concerns: adminConcernsRouter,
  }),
})
