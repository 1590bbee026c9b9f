import type { FastifyPluginAsync } from 'fastify'
import {
  FaqDraftInputSchema,
  FaqPublishInputSchema,
  FaqRestoreInputSchema,
  FaqRevisionParamsSchema,
} from '../../../shared/schemas/faq'
import { memberActor } from '../../auth/access'
import {
  faqForEditing,
  faqRevision,
  faqRevisions,
  publishFaq,
  restoreFaqRevision,
  saveFaqDraft,
} from '../../services/faq'

type RevisionParams = { Params: { revision: string } }

/** The FAQ as the council edits it (registered with the `content` permission; docs/api.md, The FAQ). */
export const adminFaqRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/faq', async () => faqForEditing(app.db))
  app.put('/api/admin/faq/draft', async (request) =>
    saveFaqDraft(app.db, memberActor(request.user), FaqDraftInputSchema.parse(request.body ?? {})),
  )
  app.post('/api/admin/faq/publish', async (request) =>
    publishFaq(app.db, memberActor(request.user), FaqPublishInputSchema.parse(request.body ?? {})),
  )
  app.get('/api/admin/faq/revisions', async () => faqRevisions(app.db))
  app.get<RevisionParams>('/api/admin/faq/revisions/:revision', async (request) =>
    faqRevision(app.db, FaqRevisionParamsSchema.parse(request.params).revision),
  )
  app.post<RevisionParams>('/api/admin/faq/revisions/:revision/restore', async (request) => {
    const { revision } = FaqRevisionParamsSchema.parse(request.params)
    const { version } = FaqRestoreInputSchema.pick({ version: true }).parse(request.body ?? {})
    return restoreFaqRevision(app.db, memberActor(request.user), { revision, version })
  })
}
