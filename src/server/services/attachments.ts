import { createHash } from 'node:crypto'
import { and, eq, lt, notExists, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { attachments, researchStudies } from '../../db/schema'
import type { UploadAnswer } from '../../shared/schemas/upload'

export const attachmentUrl = (id: string, filename: string) => `/files/${id}/${encodeURIComponent(filename)}`

export async function storeAttachment(
  db: Db,
  file: { filename: string; contentType: string; bytes: Buffer },
): Promise<UploadAnswer> {
  const [row] = await db
    .insert(attachments)
    .values({
      filename: file.filename,
      contentType: file.contentType,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      data: file.bytes,
    })
    .returning({ id: attachments.id, filename: attachments.filename })
  if (!row) throw new Error('insert returned no row')
  return { fileId: row.id, webViewLink: attachmentUrl(row.id, row.filename) }
}

export async function getAttachment(db: Db, id: string) {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id))
  return row ?? null
}

/** Deletes an attachment when no study refers to it any more. */
export async function deleteAttachmentIfUnused(db: Db, id: string): Promise<void> {
  await db
    .delete(attachments)
    .where(
      and(
        eq(attachments.id, id),
        notExists(db.select({ one: sql`1` }).from(researchStudies).where(eq(researchStudies.attachmentFileId, id))),
      ),
    )
}

/**
 * Uploads that no study ever claimed (the admin uploaded, then the save failed or was abandoned)
 * are removed after a grace period long enough for any save in progress.
 */
export async function pruneOrphanAttachments(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const removed = await db
    .delete(attachments)
    .where(
      and(
        lt(attachments.createdAt, new Date(Date.now() - olderThanMs)),
        notExists(
          db.select({ one: sql`1` }).from(researchStudies).where(eq(researchStudies.attachmentFileId, attachments.id)),
        ),
      ),
    )
    .returning({ id: attachments.id })
  return removed.length
}
