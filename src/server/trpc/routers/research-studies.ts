import { StudySearchSchema } from '../../../shared/schemas/research-study'
import { listResearchStudies, researchStudyRecords, searchResearchStudies } from '../../services/research-studies'
import { publicProcedure, router } from '../init'
import { recordProcedures } from '../records'

export const researchStudiesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResearchStudies(ctx.db)),

  /** The ids of the studies a search finds, best first; the page filters its loaded list with them. */
  search: publicProcedure.input(StudySearchSchema).query(({ ctx, input }) => searchResearchStudies(ctx.db, input.q)),

  /** The admin's list (searched by title, authors or journal, a page at a time) and its changes. */
  ...recordProcedures('content', researchStudyRecords),
})
