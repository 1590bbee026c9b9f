import { createHash } from 'node:crypto'
import type { Db } from './client'
import { attachments } from './schema'

/** Stores a file's bytes in the attachments table (docs/decisions/006-attachments-stored-in-postgres.md). */
export async function insertFile(
  db: Db,
  file: { filename: string; contentType: string; bytes: Uint8Array; isPrivate?: boolean },
): Promise<{ id: string; filename: string }> {
  const [row] = await db
    .insert(attachments)
    .values({
      filename: file.filename,
      contentType: file.contentType,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      data: file.bytes,
      isPrivate: file.isPrivate ?? false,
    })
    .returning({ id: attachments.id, filename: attachments.filename })
  if (!row) throw new Error('insert returned no row')
  return row
}

export const fileUrl = (id: string, filename: string) => `/files/${id}/${encodeURIComponent(filename)}`
