import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { attachments, researchStudies, sessions } from '../../src/db/schema'
import { pruneExpiredSessions } from '../../src/server/auth/session-store'
import { pruneOrphanAttachments, storeAttachment } from '../../src/server/services/attachments'
import { setUpTestDatabase } from '../helpers/db'
import { makePdf } from '../helpers/fixtures'

const setup = setUpTestDatabase()

describe('housekeeping', () => {
  it('removes expired sessions and keeps live ones', async () => {
    const { db } = setup.database.handle
    await db.insert(sessions).values([
      { sid: 'old', sess: {}, expire: new Date(Date.now() - 1000) },
      { sid: 'live', sess: {}, expire: new Date(Date.now() + 60_000) },
    ])
    expect(await pruneExpiredSessions(db)).toBe(1)
    expect((await db.select().from(sessions)).map((row) => row.sid)).toEqual(['live'])
  })

  it('removes uploads no study claimed after the grace period, and keeps claimed or recent ones', async () => {
    const { db } = setup.database.handle
    const bytes = await makePdf()
    const claimed = await storeAttachment(
      db,
      { email: 'admin@example.org' },
      { filename: 'a.pdf', contentType: 'application/pdf', bytes },
    )
    const orphan = await storeAttachment(
      db,
      { email: 'admin@example.org' },
      { filename: 'b.pdf', contentType: 'application/pdf', bytes },
    )
    const recent = await storeAttachment(
      db,
      { email: 'admin@example.org' },
      { filename: 'c.pdf', contentType: 'application/pdf', bytes },
    )
    await db.insert(researchStudies).values({
      title: 'Has a file',
      category: 'General Wellness',
      url: 'https://example.org',
      attachmentFileId: claimed.fileId,
      attachmentUrl: claimed.webViewLink,
    })
    await db.execute(sql`update attachments set created_at = now() - interval '2 days' where id <> ${recent.fileId}`)
    expect(await pruneOrphanAttachments(db)).toBe(1)
    const left = (await db.select({ id: attachments.id }).from(attachments)).map((row) => row.id).sort()
    expect(left).toEqual([claimed.fileId, recent.fileId].sort())
    expect(left).not.toContain(orphan.fileId)
  })
})
