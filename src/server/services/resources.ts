import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { fileUrl } from '../../db/files'
import { attachments, educationalResources } from '../../db/schema'
import {
  type AdminListQuery,
  type ResourceData,
  ResourceInputSchema,
  ResourceListQuerySchema,
} from '../../shared/schemas/admin'
import { BadInputError } from '../errors'
import { deleteReplacedAttachment } from './attachments'
import type { Actor } from './audit'
import { type AdminListSource, adminPage, ascending, inOrder } from './list-query'
import { createRecorded, deleteRecorded, rowsOf, updateRecorded } from './rows'

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

/** A resource as queries, the activity log and a 404 name it. */
const resourceRow = rowsOf<number>('resource', educationalResources, educationalResources.id, 'Resource')

/** The label visitors see beside the download, from the stored file's checked type. */
const FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/msword': 'DOC',
}

/** By category, then in the order they were added. */
const RESOURCE_LIST: AdminListSource = {
  table: educationalResources,
  order: [ascending(educationalResources.category), ascending(educationalResources.id)],
  search: [educationalResources.title, educationalResources.description],
}

export function listResources(db: Db) {
  return inOrder(db.select(resourceColumns).from(educationalResources).$dynamic(), RESOURCE_LIST)
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
  return createRecorded(
    db,
    actor,
    { entity: 'resource', table: educationalResources },
    values,
    resourceColumns,
    snapshot,
  )
}

/** Replacing a resource's file removes the old one when nothing else uses it. */
export async function updateResource(db: Db, actor: Actor, id: number, data: ResourceData) {
  const values = await withFile(db, data)
  return updateRecorded(db, actor, resourceRow(id), values, resourceColumns, snapshot, (tx, before, after) =>
    deleteReplacedAttachment(tx, before.fileId, after.fileId),
  )
}

export function deleteResource(db: Db, actor: Actor, id: number) {
  return deleteRecorded(db, actor, resourceRow(id), resourceColumns, snapshot, (tx, row) =>
    deleteReplacedAttachment(tx, row.fileId, null),
  )
}

/**
 * The admin's list of educational resources and its changes, each with the shared schema that reads
 * its input: the REST routes (`recordRoutes`) and the tRPC procedures (`recordProcedures`) both
 * serve this.
 */
export const resourceRecords = {
  list: { query: ResourceListQuerySchema, run: listResourcesForAdmin },
  create: { body: ResourceInputSchema, run: createResource },
  update: { body: ResourceInputSchema, run: updateResource },
  remove: deleteResource,
}
