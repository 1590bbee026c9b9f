import type { FastifyPluginAsync } from 'fastify'
import {
  PageDraftInputSchema,
  PagePreviewInputSchema,
  PagePublishInputSchema,
  PageRestoreInputSchema,
  PageRevisionInputSchema,
} from '../../../shared/schemas/pages'
import { memberActor } from '../../auth/access'
import {
  pageForEditing,
  pageKey,
  pageList,
  pageRevision,
  pageRevisions,
  previewPage,
  publishPage,
  restorePageRevision,
  savePageDraft,
} from '../../services/pages'

type KeyParams = { Params: { key: string } }
type RevisionParams = { Params: { key: string; revision: string } }

/** An object body's fields with the page's name from the address (a body that is no object adds nothing). */
const withKey = (key: string, body: unknown) => ({
  ...(body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}),
  key: pageKey(key),
})

/** The public pages' words as the council edits them (registered with the `content` permission; docs/api.md, Pages). */
export const adminPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/pages', async () => pageList(app.db))
  app.get<KeyParams>('/api/admin/pages/:key', async (request) => pageForEditing(app.db, pageKey(request.params.key)))
  app.post<KeyParams>('/api/admin/pages/:key/preview', async (request) => {
    const input = PagePreviewInputSchema.parse(withKey(request.params.key, request.body))
    return previewPage(input.key, input.content)
  })
  app.put<KeyParams>('/api/admin/pages/:key/draft', async (request) =>
    savePageDraft(
      app.db,
      memberActor(request.user),
      PageDraftInputSchema.parse(withKey(request.params.key, request.body)),
    ),
  )
  app.post<KeyParams>('/api/admin/pages/:key/publish', async (request) =>
    publishPage(
      app.db,
      memberActor(request.user),
      PagePublishInputSchema.parse(withKey(request.params.key, request.body)),
    ),
  )
  app.get<KeyParams>('/api/admin/pages/:key/revisions', async (request) =>
    pageRevisions(app.db, pageKey(request.params.key)),
  )
  app.get<RevisionParams>('/api/admin/pages/:key/revisions/:revision', async (request) => {
    const { key, revision } = PageRevisionInputSchema.parse({
      key: pageKey(request.params.key),
      revision: request.params.revision,
    })
    return pageRevision(app.db, key, revision)
  })
  app.post<RevisionParams>('/api/admin/pages/:key/revisions/:revision/restore', async (request) =>
    restorePageRevision(
      app.db,
      memberActor(request.user),
      PageRestoreInputSchema.parse({ ...withKey(request.params.key, request.body), revision: request.params.revision }),
    ),
  )
}
