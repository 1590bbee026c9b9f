import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { listingKey, NO_LISTING, normalizeListingNumber } from '../../shared/registry'
import { ConcernInputSchema } from '../../shared/schemas/registry-applications'
import { NotFoundError } from '../errors'
import type { HtmlForm } from '../plugins/form-posts'
import { raiseConcern } from '../services/registry/concerns'

type NumberParams = { Params: { number: string } }

/** The listing a concern is about, from its address, typed any way people type it. */
const numberOf = (request: FastifyRequest) => {
  const number = normalizeListingNumber((request.params as { number: string }).number)
  if (number === null) throw new NotFoundError(NO_LISTING)
  return number
}

/** The listing's page, where the concern form is; a refusal shows it again, a success says so there. */
const CONCERN_FORM: HtmlForm = {
  form: 'registry-concern',
  page: (request) => `/registry/${listingKey(numberOf(request))}`,
  done: (request) => `/registry/${listingKey(numberOf(request))}?concern=sent#concern-heading`,
  checkboxes: ['consent'],
}

/** "Raise a concern about this listing" (docs/registry.md, "Concerns"): JSON, or the page's form without JavaScript. */
export const registryConcernRoutes: FastifyPluginAsync = async (app) => {
  app.post<NumberParams>(
    '/api/registry/:number/concerns',
    { config: { budget: 'concern', htmlForm: CONCERN_FORM } },
    async (request, reply) => {
      const number = numberOf(request)
      const input = ConcernInputSchema.parse(request.body ?? {})
      return reply.code(201).send(await raiseConcern(app.db, number, input, { mailEnabled: app.mail.enabled }))
    },
  )
}
