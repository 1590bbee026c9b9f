import {
  FaqDraftInputSchema,
  FaqPublishInputSchema,
  FaqRestoreInputSchema,
  FaqRevisionParamsSchema,
} from '../../../shared/schemas/faq'
import {
  faqForEditing,
  faqRevision,
  faqRevisions,
  publishFaq,
  restoreFaqRevision,
  saveFaqDraft,
} from '../../services/faq'
import { change, permitted, router } from '../init'

/** faq: the FAQ as the council edits it (permission `content`; the REST twins in routes/admin/faq.ts). */
export const faqRouter = router({
  admin: permitted('content').query(({ ctx }) => faqForEditing(ctx.db)),
  saveDraft: change('content', FaqDraftInputSchema, (db, actor, input) => saveFaqDraft(db, actor, input)),
  publish: change('content', FaqPublishInputSchema, (db, actor, input) => publishFaq(db, actor, input)),
  revisions: permitted('content').query(({ ctx }) => faqRevisions(ctx.db)),
  revision: permitted('content')
    .input(FaqRevisionParamsSchema)
    .query(({ ctx, input }) => faqRevision(ctx.db, input.revision)),
  restore: change('content', FaqRestoreInputSchema, (db, actor, input) => restoreFaqRevision(db, actor, input)),
})
