import { z } from 'zod'
import { RowIdSchema } from '../../../shared/schemas/row-id'
import {
  AnnounceInputSchema,
  AnswerInputSchema,
  CommentInputSchema,
  CompareParamsSchema,
  DocumentInputSchema,
  DraftInputSchema,
  HideInputSchema,
  PublishInputSchema,
  ReviewInputSchema,
  StandardParamsSchema,
  VersionParamsSchema,
  VersionPatchSchema,
} from '../../../shared/schemas/standards'
import { NotFoundError } from '../../errors'
import {
  adminComments,
  adminStandards,
  adminVersion,
  answerComment,
  commentedVersions,
  compareVersions,
  countWaitingComments,
  createDocument,
  createDraft,
  draftAnnouncement,
  hideComment,
  listStandards,
  openReview,
  publishedComments,
  publishVersion,
  reviewChanges,
  standardPage,
  standardVersionPage,
  submitComment,
  updateVersion,
  withdrawVersion,
} from '../../services/standards'
import { change, permitted, publicProcedure, router } from '../init'

/** A page's read: null for a document or version that is not there, so the page shows the site's not-found page. */
const orNull = async <T>(read: Promise<T>): Promise<T | null> => {
  try {
    return await read
  } catch (error) {
    if (error instanceof NotFoundError) return null
    throw error
  }
}

/** The standards as REST has them (README, API; docs/decisions/028-standards-as-versioned-documents.md). */
export const standardsRouter = router({
  list: publicProcedure.query(({ ctx }) => listStandards(ctx.db)),
  document: publicProcedure
    .input(StandardParamsSchema)
    .query(({ ctx, input }) => orNull(standardPage(ctx.db, input.number))),
  version: publicProcedure
    .input(VersionParamsSchema)
    .query(({ ctx, input }) => orNull(standardVersionPage(ctx.db, input.number, input.version))),
  compare: publicProcedure
    .input(CompareParamsSchema)
    .query(({ ctx, input }) => orNull(compareVersions(ctx.db, input.number, input.from, input.to))),
  changes: publicProcedure
    .input(VersionParamsSchema)
    .query(({ ctx, input }) => orNull(reviewChanges(ctx.db, input.number, input.version))),
  comments: publicProcedure
    .input(VersionParamsSchema)
    .query(({ ctx, input }) => orNull(publishedComments(ctx.db, input.number, input.version))),
  comment: publicProcedure
    .meta({ budget: 'comment' })
    .input(VersionParamsSchema.extend({ comment: CommentInputSchema }))
    .mutation(({ ctx, input }) =>
      submitComment(ctx.db, input.number, input.version, input.comment, { notify: ctx.mailEnabled }),
    ),

  adminList: permitted('content').query(({ ctx }) => adminStandards(ctx.db)),
  adminVersion: permitted('content')
    .input(VersionParamsSchema)
    .query(({ ctx, input }) => adminVersion(ctx.db, input.number, input.version)),
  createDocument: change('content', DocumentInputSchema, (db, actor, input) => createDocument(db, actor, input)),
  createDraft: change('content', StandardParamsSchema.extend({ draft: DraftInputSchema }), (db, actor, input) =>
    createDraft(db, actor, input.number, input.draft),
  ),
  updateVersion: change('content', VersionParamsSchema.extend({ patch: VersionPatchSchema }), (db, actor, input) =>
    updateVersion(db, actor, input.number, input.version, input.patch),
  ),
  openReview: permitted('content')
    .input(VersionParamsSchema.extend(ReviewInputSchema.shape))
    .mutation(({ ctx, input }) =>
      openReview(
        ctx.db,
        ctx.user,
        input.number,
        input.version,
        input,
        ctx.request.server.env.STANDARDS_REVIEW_MIN_DAYS,
      ),
    ),
  publish: permitted('content')
    .input(VersionParamsSchema.extend(PublishInputSchema.shape))
    .mutation(({ ctx, input }) =>
      publishVersion(ctx.db, ctx.user, input.number, input.version, input, { notify: ctx.mailEnabled }),
    ),
  withdraw: change('content', VersionParamsSchema, (db, actor, input) =>
    withdrawVersion(db, actor, input.number, input.version),
  ),
  announce: permitted('content')
    .input(VersionParamsSchema.extend(AnnounceInputSchema.shape))
    .mutation(({ ctx, input }) =>
      draftAnnouncement(ctx.db, ctx.user, input.number, input.version, input.kind, ctx.site.publicUrl),
    ),

  commentedVersions: permitted('comments').query(({ ctx }) => commentedVersions(ctx.db)),
  // The "Public comments" tab's count: comments that wait for the council's written answer.
  countWaitingComments: permitted('comments').query(({ ctx }) => countWaitingComments(ctx.db)),
  adminComments: permitted('comments')
    .input(VersionParamsSchema)
    .query(({ ctx, input }) => adminComments(ctx.db, input.number, input.version)),
  answerComment: change('content', z.object({ id: RowIdSchema }).extend(AnswerInputSchema.shape), (db, actor, input) =>
    answerComment(db, actor, input.id, input),
  ),
  hideComment: change('visitors', z.object({ id: RowIdSchema, hide: HideInputSchema }), (db, actor, input) =>
    hideComment(db, actor, input.id, input.hide),
  ),
})
