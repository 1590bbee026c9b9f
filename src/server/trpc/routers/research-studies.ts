import { listResearchStudies } from '../../services/research-studies'
import { publicProcedure, router } from '../init'

export const researchStudiesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResearchStudies(ctx.db)),
})
