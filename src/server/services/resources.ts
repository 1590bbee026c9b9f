import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { fileUrl } from '../../db/files'
import { attachments, educationalResources } from '../../db/schema'
import type { AdminListQuery, ResourceData } from '../../shared/schemas/admin'
import { BadInputError, NotFoundError } from '../errors'
import { deleteAttachmentIfUnused } from './attachments'
import { type Actor, changedFields, recordChange } from './audit'
import { type AdminListSource, adminPage, orderOf, type SortKey } from './list-query'
import { deleteRecorded, lockedRow } from './rows'

const resourceColumns = {
  id: educationalResources.id,
  title: educationalResources.title,
  description: educationalResources.description,
  category: educationalResources.category,
  fileType: educationalResources.fileType,
  fileUrl: educationalResources.fileUrl,
  fileId: educationalResources.fileId,
  createdAt: educationalResources.createdAt,
}

const notFound = (id: number) => `Resource ${id} not found`

/** The label visitors see beside the download, from the stored file's checked type. */
const FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/msword': 'DOC',
}

/** By category, then in the order they were added. */
const RESOURCE_ORDER: SortKey[] = [
  { column: educationalResources.category, direction: 'asc' },
  { column: educationalResources.id, direction: 'asc' },
]

const RESOURCE_LIST: AdminListSource = {
  table: educationalResources,
  id: educationalResources.id,
  order: RESOURCE_ORDER,
  search: [educationalResources.title, educationalResources.description],
}

export function listResources(db: Db) {
  return db
    .select(resourceColumns)
    .from(educationalResources)
    .orderBy(...orderOf(RESOURCE_ORDER))
}

/** The admin's list: the public order, a page at a time, only titles or descriptions containing `q` when given. */
export function listResourcesForAdmin(db: Db, query: AdminListQuery) {
  return adminPage(db.select(resourceColumns).from(educationalResources).$dynamic(), RESOURCE_LIST, query)
}

/** The stored row's link and type come from the file itself, never from the request. */
async function withFile(db: Db, data: ResourceData) {
  const [file] = await db
    .select({ id: attachments.id, filename: attachments.filename, contentType: attachments.contentType })
    .from(attachments)
    .where(eq(attachments.id, data.fileId))
  if (!file) throw new BadInputError('The file does not exist', { fileId: 'The file does not exist' })
  return {
    ...data,
    fileUrl: fileUrl(file.id, file.filename),
    fileType: FILE_TYPES[file.contentType] ?? 'File',
  }
}

const snapshot = ({ createdAt: _createdAt, ...fields }: Awaited<ReturnType<typeof listResources>>[number]) => fields

export async function createResource(db: Db, actor: Actor, data: ResourceData) {
  const values = await withFile(db, data)
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(educationalResources).values(values).returning(resourceColumns)
    if (!row) throw new Error('insert returned no row')
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'resource',
      entityId: row.id,
      before: null,
      after: snapshot(row),
    })
    return row
  })
}

/** Replacing a resource's file removes the old one when nothing else uses it. */
export async function updateResource(db: Db, actor: Actor, id: number, data: ResourceData) {
  const values = await withFile(db, data)
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, educationalResources, educationalResources.id, id, resourceColumns)
    if (!before) throw new NotFoundError(notFound(id))
    const [row] = await tx
      .update(educationalResources)
      .set(values)
      .where(eq(educationalResources.id, id))
      .returning(resourceColumns)
    if (!row) throw new NotFoundError(notFound(id))
    if (before.fileId && before.fileId !== row.fileId) await deleteAttachmentIfUnused(tx, before.fileId)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'resource',
      entityId: id,
      ...changedFields(snapshot(before), snapshot(row)),
    })
    return row
  })
}

export function deleteResource(db: Db, actor: Actor, id: number) {
  return deleteRecorded(
    db,
    actor,
    { entity: 'resource', id, notFound: notFound(id) },
    (tx) => tx.delete(educationalResources).where(eq(educationalResources.id, id)).returning(resourceColumns),
    snapshot,
    async (tx, row) => {
      if (row.fileId) await deleteAttachmentIfUnused(tx, row.fileId)
    },
  )
}
