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
import { permitted, publicProcedure, router } from '../init'
import { listProcedure } from '../paging'

export const researchStudiesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResearchStudies(ctx.db)),

  /** The ids of the studies a search finds, best first; the page filters its loaded list with them. */
  search: publicProcedure.input(StudySearchSchema).query(({ ctx, input }) => searchResearchStudies(ctx.db, input.q)),

  /** The admin's list: searched by title, authors or journal, a page at a time. */
  adminList: listProcedure('content', StudyListQuerySchema, listStudiesForAdmin),

  create: permitted('content')
    .input(ResearchStudyInputSchema)
    .mutation(({ ctx, input }) => createResearchStudy(ctx.db, ctx.user, input)),

  update: permitted('content')
    .input(z.object({ id: RowIdSchema, data: ResearchStudyInputSchema }))
    .mutation(({ ctx, input }) => updateResearchStudy(ctx.db, ctx.user, input.id, input.data)),

  remove: permitted('content')
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => deleteResearchStudy(ctx.db, ctx.user, input.id)),
})
