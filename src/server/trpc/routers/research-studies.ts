import { z } from 'zod'
import { RowIdSchema, StudyListQuerySchema } from '../../../shared/schemas/admin'
import { ResearchStudyInputSchema, StudySearchSchema } from '../../../shared/schemas/research-study'
import {
  createResearchStudy,
  deleteResearchStudy,
  listResearchStudies,
  listStudiesForAdmin,
  searchResearchStudies,
  updateResearchStudy,
} from '../../services/research-studies'
import { adminProcedure, publicProcedure, router } from '../init'
import { listProcedure } from '../paging'

export const researchStudiesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResearchStudies(ctx.db)),

  /** The ids of the studies a search finds, best first; the page filters its loaded list with them. */
  search: publicProcedure.input(StudySearchSchema).query(({ ctx, input }) => searchResearchStudies(ctx.db, input.q)),

  /** The admin's list: searched by title, authors or journal, a page at a time. */
  adminList: listProcedure(StudyListQuerySchema, listStudiesForAdmin),

  create: adminProcedure
    .input(ResearchStudyInputSchema)
    .mutation(({ ctx, input }) => createResearchStudy(ctx.db, ctx.user, input)),

  update: adminProcedure
    .input(z.object({ id: RowIdSchema, data: ResearchStudyInputSchema }))
    .mutation(({ ctx, input }) => updateResearchStudy(ctx.db, ctx.user, input.id, input.data)),

  remove: adminProcedure
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => deleteResearchStudy(ctx.db, ctx.user, input.id)),
})
