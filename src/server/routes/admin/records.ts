import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../../db/client'
import { RowIdSchema } from '../../../shared/schemas/admin'
import { memberActor } from '../../auth/access'
import type { Actor } from '../../services/audit'
import { linkNextPage } from './paging'

type Id = number | string

/**
 * The REST side of an admin list of records: a paged list, and create, update and delete by id,
 * each parsed by the shared schema and done by the service in the actor's name. A screen's routes
 * file says only where, which schemas and which services; the answers (201 for a create, the Link
 * header of a page, 400 naming a bad id) are the same everywhere. The list and a create are at
 * `base`, an update and a delete at `base/:id`; `writes` moves the last three elsewhere.
 */
export function recordRoutes<IdOut extends Id, Query extends { limit: number }, Input, Patch>(
  app: FastifyInstance,
  spec: {
    base: string
    /** Where the writes are, when not beside the list (the research studies' documented contract). */
    writes?: string
    /** How the `:id` of a path is read: a serial row id unless the list's ids are text. */
    id?: z.ZodType<IdOut>
    list?: { query: z.ZodType<Query>; run: (db: Db, query: Query) => Promise<{ id: Id }[]> }
    create?: { body: z.ZodType<Input>; run: (db: Db, actor: Actor, input: Input) => Promise<unknown> }
    update?: { body: z.ZodType<Patch>; run: (db: Db, actor: Actor, id: IdOut, patch: Patch) => Promise<unknown> }
    remove?: (db: Db, actor: Actor, id: IdOut) => Promise<unknown>
  },
): void {
  // Parsed as an object, so that a refusal names the field (`fields.id`) as with every other input.
  const params = z.object({ id: (spec.id ?? RowIdSchema) as z.ZodType<IdOut> })
  const idOf = (value: unknown) => params.parse(value).id
  const { base, writes = spec.base, list, create, update, remove } = spec
  if (list) {
    app.get(base, async (request, reply) => {
      const query = list.query.parse(request.query ?? {})
      return linkNextPage(request, reply, await list.run(app.db, query), query.limit)
    })
  }
  if (create) {
    app.post(writes, async (request, reply) => {
      const input = create.body.parse(request.body ?? {})
      return reply.code(201).send(await create.run(app.db, memberActor(request.user), input))
    })
  }
  if (update) {
    app.patch(`${writes}/:id`, async (request) => {
      const id = idOf(request.params)
      const patch = update.body.parse(request.body ?? {})
      return update.run(app.db, memberActor(request.user), id, patch)
    })
  }
  if (remove) {
    app.delete(`${writes}/:id`, async (request) => remove(app.db, memberActor(request.user), idOf(request.params)))
  }
}
