import { and, eq, lt, notExists, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { fileUrl, insertFile } from '../../db/files'
import {
  attachments,
  educationalResources,
  listingDocuments,
  registryApplicationDocuments,
  researchStudies,
} from '../../db/schema'
import type { UploadAnswer } from '../../shared/schemas/upload'
import { type Actor, recordChange } from './audit'

export const attachmentUrl = fileUrl

/**
 * Stores an admin's upload, and records who uploaded which file name and size in the activity log
 * in the same transaction; never the content, which the log has no use for.
 */
export async function storeAttachment(
  db: Db,
  actor: Actor,
  file: { filename: string; contentType: string; bytes: Buffer; isPrivate?: boolean },
): Promise<UploadAnswer> {
  return db.transaction(async (tx) => {
    const row = await insertFile(tx, file)
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'file',
      entityId: row.id,
      before: null,
      after: { filename: row.filename, size: file.bytes.length },
    })
    return { fileId: row.id, webViewLink: attachmentUrl(row.id, row.filename) }
  })
}

/** No study, resource, listing or registry application refers to the file `id`: the one place that knows who uses files. */
function unused(db: Db, id: SQL | string) {
  return and(
    notExists(db.select({ one: sql`1` }).from(researchStudies).where(eq(researchStudies.attachmentFileId, id))),
    notExists(db.select({ one: sql`1` }).from(educationalResources).where(eq(educationalResources.fileId, id))),
    notExists(db.select({ one: sql`1` }).from(listingDocuments).where(eq(listingDocuments.attachmentId, id))),
    notExists(
      db
        .select({ one: sql`1` })
        .from(registryApplicationDocuments)
        .where(eq(registryApplicationDocuments.attachmentId, id)),
    ),
  )
}

/** A file anyone may fetch at /files: a registry listing's evidence is private, so it is never one. */
export async function getAttachment(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.isPrivate, false)))
  return row ?? null
}

/** Deletes a file when no study or resource refers to it any more. */
export async function deleteAttachmentIfUnused(db: Db, id: string): Promise<void> {
  await db.delete(attachments).where(and(eq(attachments.id, id), unused(db, id)))
}

/**
 * Uploads that no study or resource ever claimed (the admin uploaded, then the save failed or was abandoned)
 * are removed after a grace period long enough for any save in progress.
 */
/** A record's file that a save replaced or removed goes when nothing else uses it. */
export async function deleteReplacedAttachment(db: Db, was: string | null, now: string | null): Promise<void> {
  if (was && was !== now) await deleteAttachmentIfUnused(db, was)
}

export async function pruneOrphanAttachments(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const removed = await db
    .delete(attachments)
    .where(and(lt(attachments.createdAt, new Date(Date.now() - olderThanMs)), unused(db, sql`${attachments.id}`)))
    .returning({ id: attachments.id })
  return removed.length
}
