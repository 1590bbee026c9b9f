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
import { change, publicProcedure, router } from '../init'
import { listProcedure } from '../paging'

export const researchStudiesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResearchStudies(ctx.db)),

  /** The ids of the studies a search finds, best first; the page filters its loaded list with them. */
  search: publicProcedure.input(StudySearchSchema).query(({ ctx, input }) => searchResearchStudies(ctx.db, input.q)),

  /** The admin's list: searched by title, authors or journal, a page at a time. */
  adminList: listProcedure('content', StudyListQuerySchema, listStudiesForAdmin),

  create: change('content', ResearchStudyInputSchema, createResearchStudy),
  update: change('content', z.object({ id: RowIdSchema, data: ResearchStudyInputSchema }), (db, actor, { id, data }) =>
    updateResearchStudy(db, actor, id, data),
  ),
  remove: change('content', z.object({ id: RowIdSchema }), (db, actor, { id }) => deleteResearchStudy(db, actor, id)),
})
