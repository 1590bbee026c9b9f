import { beforeEach, describe, expect, it } from 'vitest'
import starter from '../../src/content/starter-studies.json' with { type: 'json' }
import { testimonials } from '../../src/db/schema'
import { seedIfEmpty } from '../../src/db/seed'
import { setUpTestApp } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'

const setup = setUpTestApp()

beforeEach(async () => {
  await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
})

const trpcGet = async (path: string) => {
  const response = await setup.app.inject({ method: 'GET', url: `/trpc/${path}` })
  expect(response.statusCode).toBe(200)
  return response.json().result.data.json
}

describe('GET /api/testimonials', () => {
  it('lists approved testimonials only, newest first, with the spec fields', async () => {
    const { db } = setup.database.handle
    await db.insert(testimonials).values([
      { name: 'Test Author One', location: 'Springfield', testimonial: 'Earlier words.', isApproved: true },
      { name: 'Test Author Pending', testimonial: 'Waiting for review.', isApproved: false },
    ])
    await db
      .insert(testimonials)
      .values({ name: 'Newest Person', location: null, testimonial: 'Most recent words.', isApproved: true })
    const response = await setup.app.inject({ method: 'GET', url: '/api/testimonials' })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { id: number; name: string; location: string | null; testimonial: string }[]
    expect(body[0]).toEqual({
      id: expect.any(Number),
      name: 'Newest Person',
      location: null,
      testimonial: 'Most recent words.',
    })
    expect(body.map((item) => item.name)).toEqual(['Newest Person', 'Test Author One'])
    expect(Object.keys(body[1] ?? {}).sort()).toEqual(['id', 'location', 'name', 'testimonial'])
  })

  it('answers the same through tRPC', async () => {
    const viaRest = (await setup.app.inject({ method: 'GET', url: '/api/testimonials' })).json()
    expect(await trpcGet('testimonials.list')).toEqual(viaRest)
  })
})

describe('GET /api/research-studies', () => {
  it('lists the starter studies exactly as cited, plus the safety reference', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/api/research-studies' })
    expect(response.statusCode).toBe(200)
    const body = response.json() as Record<string, unknown>[]
    expect(body).toHaveLength(starter.studies.length + starter.safety_references.length)
    for (const study of starter.studies) {
      expect(body).toContainEqual(
        expect.objectContaining({
          title: study.title,
          authors: study.authors,
          journal: study.journal,
          year: study.year,
          category: study.category,
          url: study.url,
          summary: study.summary,
          // The starter list gives none: none is made up.
          volume: null,
          issue: null,
          pages: null,
        }),
      )
    }
    expect(body).toContainEqual(
      expect.objectContaining({ category: 'Safety Standards', url: starter.safety_references[0]?.url }),
    )
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(
      [
        'attachmentFileId',
        'attachmentUrl',
        'authors',
        'category',
        'createdAt',
        'id',
        'issue',
        'journal',
        'pages',
        'summary',
        'title',
        'url',
        'volume',
        'year',
      ].sort(),
    )
  })

  it('answers the same list through tRPC', async () => {
    const viaRest = (await setup.app.inject({ method: 'GET', url: '/api/research-studies' })).json() as { id: number }[]
    const viaTrpc = (await trpcGet('researchStudies.list')) as { id: number }[]
    expect(viaTrpc.map((study) => study.id)).toEqual(viaRest.map((study) => study.id))
  })
})

describe('GET /api/resources', () => {
  it('lists at least two resources per category, each pointing at a file the site serves', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/api/resources' })
    const body = response.json() as { category: string; fileUrl: string; fileType: string; title: string }[]
    for (const category of ['Safety', 'Education', 'Professional']) {
      expect(body.filter((resource) => resource.category === category).length).toBeGreaterThanOrEqual(2)
    }
    expect(body.some((resource) => resource.title.includes('MHBOT-SC/001'))).toBe(true)
    for (const resource of body) {
      const file = await setup.app.inject({ method: 'GET', url: resource.fileUrl })
      expect(file.statusCode, resource.fileUrl).toBe(200)
      expect(file.headers['content-type']).toBe('application/pdf')
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    }
  })
})

describe('health', () => {
  it('GET /healthz answers 200', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
  })

  it('GET /readyz answers 200 while the database answers', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ready' })
  })
})

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/api/nope' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'Not Found' })
  })
})
