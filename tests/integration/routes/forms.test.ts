import { describe, expect, it } from 'vitest'
import { contactSubmissions, newsletterSubscribers } from '../../../src/db/schema'
import { buildTestApp, setUpTestApp } from '../../helpers/build-app'
import { resetDatabase } from '../../helpers/db'
import { CROSS_ORIGIN, SAME_ORIGIN } from '../../helpers/login'

const setup = setUpTestApp()

const valid = {
  name: 'Jo Smith',
  email: 'jo@example.org',
  subject: 'Standards question',
  message: 'What does PVHO-1 cover?',
}

const post = (url: string, payload: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
  setup.app.inject({ method: 'POST', url, headers, payload: payload as object })
const trpc = (path: string, input: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
  setup.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ json: input }),
  })

describe('POST /api/contact', () => {
  it('stores a valid message with status new', async () => {
    const response = await post('/api/contact', valid)
    expect(response.statusCode).toBe(201)
    const rows = await setup.database.handle.db.select().from(contactSubmissions)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ ...valid, status: 'new' })
  })

  it('answers 400 to a null character, which Postgres text cannot hold, and stores nothing', async () => {
    // Found by tests/integration/hostile-input.test.ts: it was a 500 from the failed insert.
    const response = await post('/api/contact', { ...valid, message: 'What does\u0000 PVHO-1 cover?' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ message: 'Message must not contain a null character' })
    expect(await setup.database.handle.db.select().from(contactSubmissions)).toHaveLength(0)
  })

  it('answers 400 to lone surrogates, which the embedded database cannot store, and stores nothing', async () => {
    // Found by tests/integration/hostile-input.test.ts: PGlite 0.5 miscounts the bytes of lone low
    // surrogates, so it cut the stored text short or, as here, failed the insert ("invalid byte
    // sequence for encoding UTF8"), a 500; Postgres kept U+FFFD in their place.
    const response = await post('/api/contact', { ...valid, subject: 'Standards question \udc00\udc00' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ subject: 'Subject must be valid Unicode text' })
    expect(await setup.database.handle.db.select().from(contactSubmissions)).toHaveLength(0)
  })

  it('answers 400 with the spec message for each field', async () => {
    const response = await post('/api/contact', { name: 'J', email: 'nope', subject: 'Hey', message: 'short' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    })
    expect(await setup.database.handle.db.select().from(contactSubmissions)).toHaveLength(0)
  })

  it('gives a bot that fills the honeypot the same answer and stores nothing', async () => {
    const human = await post('/api/contact', valid)
    await resetDatabase(setup.database.handle)
    const bot = await post('/api/contact', { ...valid, website: 'https://spam.example' })
    expect(bot.statusCode).toBe(human.statusCode)
    expect(bot.json()).toEqual(human.json())
    expect(await setup.database.handle.db.select().from(contactSubmissions)).toHaveLength(0)
  })

  it('is refused cross-origin', async () => {
    expect((await post('/api/contact', valid, CROSS_ORIGIN)).statusCode).toBe(403)
  })

  it('works through tRPC with the same messages', async () => {
    expect((await trpc('contact.submit', valid)).statusCode).toBe(200)
    const bad = await trpc('contact.submit', { ...valid, subject: 'Hi' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.json.message).toBe('Subject must be at least 5 characters')
    expect(await setup.database.handle.db.select().from(contactSubmissions)).toHaveLength(1)
  })
})

describe('POST /api/newsletter/subscribe', () => {
  it('stores the address trimmed and lower-cased', async () => {
    const response = await post('/api/newsletter/subscribe', { email: '  Jo@Example.ORG ' })
    expect(response.statusCode).toBe(201)
    const rows = await setup.database.handle.db.select().from(newsletterSubscribers)
    expect(rows.map((row) => row.email)).toEqual(['jo@example.org'])
  })

  it('answers the same for a repeated address, and leaves an unsubscribed one unsubscribed (mail off)', async () => {
    const first = await post('/api/newsletter/subscribe', { email: 'jo@example.org' })
    await setup.database.handle.db.update(newsletterSubscribers).set({ status: 'unsubscribed' })
    const second = await post('/api/newsletter/subscribe', { email: 'JO@example.org' })
    expect(second.statusCode).toBe(first.statusCode)
    expect(second.json()).toEqual(first.json())
    const rows = await setup.database.handle.db.select().from(newsletterSubscribers)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'unsubscribed', isActive: false })
  })

  it('answers 400 for an invalid address', async () => {
    const response = await post('/api/newsletter/subscribe', { email: 'not-an-address' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields.email).toBe('Please enter a valid email address')
  })

  it('works through tRPC', async () => {
    expect((await trpc('newsletter.subscribe', { email: 'a@example.org' })).statusCode).toBe(200)
    expect((await trpc('newsletter.subscribe', { email: 'a@example.org' })).statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('turn a flood from one address into 429s when RATE_LIMITS is on', async () => {
    const limited = await buildTestApp(setup.database.handle, { env: { RATE_LIMITS: 'on' } })
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/contact',
        headers: SAME_ORIGIN,
        payload: valid,
      })
      statuses.push(response.statusCode)
    }
    await limited.close()
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201])
    expect(statuses.slice(5)).toEqual([429, 429])
  })
})
