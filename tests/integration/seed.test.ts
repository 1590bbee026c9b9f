import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { COUNCIL_DOCUMENTS, documentUrl } from '../../src/content/documents'
import { createDb } from '../../src/db/client'
import { prepareDatabase } from '../../src/db/prepare'
import { attachments, educationalResources, researchStudies, testimonials } from '../../src/db/schema'
import { adoptBuiltInDocuments, seedIfEmpty } from '../../src/db/seed'
import { renderStarterDocument, setUpTestDatabase } from '../helpers/db'

const setup = setUpTestDatabase()

const countRows = async () => {
  const { db } = setup.database.handle
  const [studies] = await db.select({ n: count() }).from(researchStudies)
  const [resources] = await db.select({ n: count() }).from(educationalResources)
  const [quotes] = await db.select({ n: count() }).from(testimonials)
  return { studies: studies?.n, resources: resources?.n, testimonials: quotes?.n }
}

describe('starter data', () => {
  it('goes into an empty database once, and never again', async () => {
    expect(await seedIfEmpty(setup.database.handle.db, renderStarterDocument)).toBe(true)
    const first = await countRows()
    expect(first).toEqual({ studies: 9, resources: 6, testimonials: 0 })
    expect(await seedIfEmpty(setup.database.handle.db, renderStarterDocument)).toBe(false)
    expect(await countRows()).toEqual(first)
  })

  it('holds no testimonials: the site shows only what real people wrote and agreed to publish', async () => {
    await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
    expect(await setup.database.handle.db.select().from(testimonials)).toEqual([])
  })

  it('makes the council documents ordinary resources with stored PDF files', async () => {
    const { db } = setup.database.handle
    await seedIfEmpty(db, renderStarterDocument)
    const rows = await db.select().from(educationalResources)
    expect(rows.map((row) => row.title).sort()).toEqual(COUNCIL_DOCUMENTS.map((doc) => doc.title).sort())
    const files = await db.select({ id: attachments.id, contentType: attachments.contentType }).from(attachments)
    for (const row of rows) {
      expect(row.fileId).not.toBeNull()
      expect(row.fileUrl).toMatch(new RegExp(`^/files/${row.fileId}/[\\w.-]+\\.pdf$`))
      expect(files).toContainEqual({ id: row.fileId, contentType: 'application/pdf' })
    }
  })

  it('gives rows of earlier versions (links to the built-in documents) stored files of their own, once', async () => {
    const { db } = setup.database.handle
    const [doc] = COUNCIL_DOCUMENTS
    if (!doc) throw new Error('no council documents')
    await db.insert(educationalResources).values([
      { title: doc.title, category: doc.category, fileUrl: documentUrl(doc.slug), fileType: 'PDF' },
      { title: 'Not ours', category: 'Safety', fileUrl: 'https://example.org/elsewhere.pdf', fileType: 'PDF' },
    ])
    expect(await adoptBuiltInDocuments(db, renderStarterDocument)).toBe(1)
    expect(await adoptBuiltInDocuments(db, renderStarterDocument)).toBe(0)
    const rows = await db.select().from(educationalResources).orderBy(educationalResources.id)
    expect(rows[0]?.fileUrl).toMatch(/^\/files\//)
    expect(rows[0]?.fileId).not.toBeNull()
    expect(rows[1]).toMatchObject({ fileUrl: 'https://example.org/elsewhere.pdf', fileId: null })
  })

  it('is not re-inserted after an admin deleted everything', async () => {
    await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
    await setup.database.handle.db.delete(researchStudies)
    await setup.database.handle.db.delete(testimonials)
    await setup.database.handle.db.delete(educationalResources)
    expect(await seedIfEmpty(setup.database.handle.db, renderStarterDocument)).toBe(false)
    expect(await countRows()).toEqual({ studies: 0, resources: 0, testimonials: 0 })
  })

  it('never goes into a database that already has content', async () => {
    await setup.database.handle.db
      .insert(testimonials)
      .values({ name: 'Existing', testimonial: 'Already here', isApproved: true })
    expect(await seedIfEmpty(setup.database.handle.db, renderStarterDocument)).toBe(false)
    expect(await countRows()).toEqual({ studies: 0, resources: 0, testimonials: 1 })
  })

  it('is inserted once when two processes prepare the same database at once', async () => {
    if (!setup.database.url) return // PGlite's folder cannot be opened by two processes at all
    const handles = await Promise.all([
      createDb({ kind: 'postgres', url: setup.database.url }),
      createDb({ kind: 'postgres', url: setup.database.url }),
    ])
    const results = await Promise.all(
      handles.map((handle) => prepareDatabase(handle, { seed: true, render: renderStarterDocument })),
    )
    await Promise.all(handles.map((handle) => handle.close()))
    expect(results.filter((result) => result.seeded)).toHaveLength(1)
    expect(await countRows()).toEqual({ studies: 9, resources: 6, testimonials: 0 })
  })
})

describe('database rules', () => {
  it('refuses a study category outside the four', async () => {
    await expect(
      setup.database.handle.db
        .insert(researchStudies)
        .values({ title: 'x', category: 'Miracles', url: 'https://x.org' }),
    ).rejects.toThrow()
  })

  it('treats newsletter addresses case-insensitively as unique', async () => {
    const { newsletterSubscribers } = await import('../../src/db/schema')
    await setup.database.handle.db.insert(newsletterSubscribers).values({ email: 'a@example.org' })
    await expect(
      setup.database.handle.db.insert(newsletterSubscribers).values({ email: 'A@Example.org' }),
    ).rejects.toThrow()
  })

  it('applies the spec defaults', async () => {
    const { contactSubmissions, newsletterSubscribers } = await import('../../src/db/schema')
    const [contact] = await setup.database.handle.db
      .insert(contactSubmissions)
      .values({ name: 'Al', email: 'al@example.org', subject: 'Hello', message: 'Ten chars.' })
      .returning()
    expect(contact?.status).toBe('new')
    const [subscriber] = await setup.database.handle.db
      .insert(newsletterSubscribers)
      .values({ email: 'b@example.org' })
      .returning()
    expect(subscriber?.isActive).toBe(true)
    expect(typeof subscriber?.id).toBe('string')
    const [quote] = await setup.database.handle.db
      .insert(testimonials)
      .values({ name: 'N', testimonial: 'T' })
      .returning()
    expect(quote?.isApproved).toBe(false)
  })
})
