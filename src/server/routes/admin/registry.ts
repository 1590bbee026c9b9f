import type { FastifyPluginAsync } from 'fastify'
import { DocumentIdParamsSchema } from '../../../shared/schemas/registry'
import { NotFoundError } from '../../errors'
import { evidenceDocument } from '../../services/registry'

/**
 * A registry listing's evidence, read back by the team (registered with the 'registry'
 * permission): always downloaded, never shown in the page, never kept by a cache on the way
 * (docs/registry.md). The public /files route never serves these files.
 */
export const adminRegistryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>('/api/admin/registry/documents/:id', async (request, reply) => {
    // An id that cannot be a document's names none, as on /files: not found, not a field to correct.
    const params = DocumentIdParamsSchema.safeParse(request.params)
    if (!params.success) throw new NotFoundError('No such document')
    const file = await evidenceDocument(app.db, params.data.id)
    return reply
      .type(file.contentType)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(Buffer.from(file.data))
  })
}
