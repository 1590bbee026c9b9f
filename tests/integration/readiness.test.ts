import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/build-app'
import { createTestDatabase } from '../helpers/db'

describe('GET /readyz', () => {
  it('answers 503 with a JSON reason when the database does not answer', async () => {
    const database = await createTestDatabase()
    const app = await buildTestApp(database.handle)
    await database.drop()
    const response = await app.inject({ method: 'GET', url: '/readyz' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable', reason: 'database is not answering' })
    await app.close()
  })
})

describe('5xx answers', () => {
  it('never carry a stack trace or SQL', async () => {
    const database = await createTestDatabase()
    const app = await buildTestApp(database.handle)
    await database.drop()
    const response = await app.inject({ method: 'GET', url: '/api/research-studies' })
    // A database that went away is a 503 (Postgres) or an internal error (a closed embedded one):
    // either way the answer names no query, table or stack.
    expect([500, 503]).toContain(response.statusCode)
    expect(response.json()).toEqual(
      response.statusCode === 503
        ? { error: 'Service Unavailable', message: 'The database is not answering. Please try again in a moment.' }
        : { error: 'Internal Server Error', message: 'Internal Server Error' },
    )
    expect(response.body).not.toMatch(/select|research_studies|at .*\.ts/i)
    await app.close()
  })
})
