import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { ResearchStudyInputSchema, StudyIdSchema } from '../../../shared/schemas/research-study'
import { BadInputError, NotFoundError } from '../../services/errors'
import {
  createResearchStudy,
  deleteResearchStudy,
  listResearchStudies,
  updateResearchStudy,
} from '../../services/research-studies'
import { adminProcedure, publicProcedure, router } from '../init'

/** Service errors become tRPC errors with the same meaning as the REST status codes. */
async function translate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof NotFoundError) throw new TRPCError({ code: 'NOT_FOUND', message: error.message })
    if (error instanceof BadInputError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message })
    throw error
  }
}

export const researchStudiesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResearchStudies(ctx.db)),

  create: adminProcedure.input(ResearchStudyInputSchema).mutation(async ({ ctx, input }) => {
    const study = await translate(() => createResearchStudy(ctx.db, input))
    ctx.onContentChanged()
    return study
  }),

  update: adminProcedure
    .input(z.object({ id: StudyIdSchema, data: ResearchStudyInputSchema }))
    .mutation(async ({ ctx, input }) => {
      const study = await translate(() => updateResearchStudy(ctx.db, input.id, input.data))
      ctx.onContentChanged()
      return study
    }),

  remove: adminProcedure.input(z.object({ id: StudyIdSchema })).mutation(async ({ ctx, input }) => {
    const study = await translate(() => deleteResearchStudy(ctx.db, input.id))
    ctx.onContentChanged()
    return study
  }),
})
