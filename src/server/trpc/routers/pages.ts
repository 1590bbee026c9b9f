import {
  PageDraftInputSchema,
  PageKeyInputSchema,
  PagePreviewInputSchema,
  PagePublishInputSchema,
  PageRestoreInputSchema,
  PageRevisionInputSchema,
} from '../../../shared/schemas/pages'
import {
  pageForEditing,
  pageList,
  pageRevision,
  pageRevisions,
  previewPage,
  publishPage,
  restorePageRevision,
  savePageDraft,
} from '../../services/pages'
import { change, permitted, router } from '../init'

/** pages: the public pages' words as the council edits them (permission `content`; the REST twins in routes/admin/pages.ts). */
export const pagesRouter = router({
  list: permitted('content').query(({ ctx }) => pageList(ctx.db)),
  admin: permitted('content')
    .input(PageKeyInputSchema)
    .query(({ ctx, input }) => pageForEditing(ctx.db, input.key)),
  /** What the page would show with the editor's text: rendered as a save renders, nothing stored. */
  preview: permitted('content')
    .input(PagePreviewInputSchema)
    .mutation(({ input }) => previewPage(input.key, input.content)),
  saveDraft: change('content', PageDraftInputSchema, (db, actor, input) => savePageDraft(db, actor, input)),
  publish: change('content', PagePublishInputSchema, (db, actor, input) => publishPage(db, actor, input)),
  revisions: permitted('content')
    .input(PageKeyInputSchema)
    .query(({ ctx, input }) => pageRevisions(ctx.db, input.key)),
  revision: permitted('content')
    .input(PageRevisionInputSchema)
    .query(({ ctx, input }) => pageRevision(ctx.db, input.key, input.revision)),
  restore: change('content', PageRestoreInputSchema, (db, actor, input) => restorePageRevision(db, actor, input)),
})
