import { count } from 'drizzle-orm'
import { COUNCIL_DOCUMENTS } from '../../../content/documents'
import { POSITION_STATEMENT_NUMBER } from '../../../content/facts'
import type { Db } from '../../../db/client'
import { standardDocuments, standardVersions } from '../../../db/schema'
import { standardKey } from '../../../shared/schemas/standards'
import type { SiteInfo } from '../../../shared/site'
import { documentMarkdown } from './text'

/** The date the council issued its first documents, as printed on them (src/content/documents.ts). */
export const FIRST_EDITION_DATE = '2025-10-31'
export const FIRST_EDITION_SUMMARY = 'First edition.'

/**
 * The council's six documents as version 1.0 of each, published, with the text they had when they
 * lived in the code, word for word (docs/decisions/028-standards-as-versioned-documents.md). Runs at
 * start-up under the start-up lock, into any database that has no standards yet, so a database
 * seeded before standards were versioned gets them too.
 */
export async function seedStandards(db: Db, site: SiteInfo): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(standardDocuments)
  if ((row?.n ?? 0) > 0) return false
  await db.transaction(async (tx) => {
    for (const doc of COUNCIL_DOCUMENTS) {
      const [created] = await tx
        .insert(standardDocuments)
        .values({
          number: doc.number,
          key: standardKey(doc.number),
          title: doc.title,
          kind: doc.number === POSITION_STATEMENT_NUMBER ? 'position statement' : 'guide',
          description: doc.description,
          legacySlug: doc.slug,
        })
        .returning({ id: standardDocuments.id })
      if (!created) throw new Error('insert returned no row')
      await tx.insert(standardVersions).values({
        documentId: created.id,
        version: '1.0',
        state: 'published',
        effectiveDate: FIRST_EDITION_DATE,
        changeSummary: FIRST_EDITION_SUMMARY,
        body: documentMarkdown(doc, site),
        publishedAt: new Date(`${FIRST_EDITION_DATE}T00:00:00Z`),
      })
    }
  })
  return true
}
