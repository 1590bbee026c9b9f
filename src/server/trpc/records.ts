import { z } from 'zod'
import type { Db } from '../../db/client'
import type { Permission } from '../../shared/permissions'
import { RowIdSchema } from '../../shared/schemas/admin'
import type { SessionUser } from '../auth/access'
import { change } from './init'
import { listProcedure } from './paging'

type ListShape = z.ZodRawShape & { before: z.ZodOptional<z.ZodType<number | string>> }

/**
 * The procedures of an admin list of records, all for members whose role allows `permission`: its
 * page (`adminList`), and create, update and remove by row id, each read by the shared schema and
 * done by the service. An update's input is `{ id, [patchKey]: patch }`. The tRPC side of
 * `recordRoutes` (routes/admin/records.ts), fed the same record set from the service (e.g.
 * `resourceRecords`); a router spreads these beside its own.
 */
export function recordProcedures<
  Shape extends ListShape,
  Row extends { id: number | string },
  Input extends z.ZodType,
  Patch extends z.ZodType,
  Created,
  Updated,
  Removed,
  Key extends string = 'data',
>(
  permission: Permission,
  records: {
    list: {
      query: z.ZodObject<Shape>
      run: (db: Db, query: z.output<z.ZodObject<Shape>> & { limit: number }) => Promise<Row[]>
    }
    create: { body: Input; run: (db: Db, actor: SessionUser, input: z.output<Input>) => Promise<Created> }
    update: { body: Patch; run: (db: Db, actor: SessionUser, id: number, patch: z.output<Patch>) => Promise<Updated> }
    remove: (db: Db, actor: SessionUser, id: number) => Promise<Removed>
  },
  patchKey = 'data' as Key,
) {
  const byId = z.object({ id: RowIdSchema })
  // A key chosen by the caller is beyond zod's inference; the schema's types, said plainly.
  const patchInput = byId.extend({ [patchKey]: records.update.body }) as unknown as z.ZodType<
    { id: number } & Record<Key, z.output<Patch>>,
    { id: z.input<typeof RowIdSchema> } & Record<Key, z.input<Patch>>
  >
  return {
    adminList: listProcedure(permission, records.list.query, records.list.run),
    create: change(permission, records.create.body, records.create.run),
    update: change(permission, patchInput, (db, actor, input) =>
      records.update.run(db, actor, input.id, input[patchKey]),
    ),
    remove: change(permission, byId, (db, actor, { id }) => records.remove(db, actor, id)),
  }
}
