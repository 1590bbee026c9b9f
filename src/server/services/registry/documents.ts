import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { insertFile } from '../../../db/files'
import { attachments } from '../../../db/schema'
import type { RegistryDocumentUpload } from '../../../shared/schemas/registry'
import { NotFoundError } from '../../errors'
import { type Actor, recordChange } from '../audit'

/*
 * A listing's evidence: PDFs the council keeps private (attachments.private), uploaded before the
 * listing is saved and attached by id, read back only by members holding `registry`
 * (docs/registry.md). /files never serves them.
 */

/** Stores an evidence PDF as a private file, with its activity row; the answer is what the editor shows. */
export function storeEvidence(
  db: Db,
  actor: Actor,
  file: { filename: string; bytes: Buffer },
): Promise<RegistryDocumentUpload> {
  return db.transaction(async (tx) => {
    const row = await insertFile(tx, {
      filename: file.filename,
      contentType: 'application/pdf',
      bytes: file.bytes,
      isPrivate: true,
    })
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'file',
      entityId: row.id,
      before: null,
      after: { filename: row.filename, size: file.bytes.length, private: true },
    })
    return { id: row.id, filename: row.filename, size: file.bytes.length }
  })
}

/** An evidence file for the private download; a public file's id is not one (404). */
export async function evidenceDocument(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.isPrivate, true)))
  if (!row) throw new NotFoundError('No such document')
  return row
}
