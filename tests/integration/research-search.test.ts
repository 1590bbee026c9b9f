import { beforeAll, describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../../src/db/seed'
import { searchResearchStudies } from '../../src/server/services/research-studies'
import { render } from '../../src/server/ssr/render'
import { setUpTestApp } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'
import { SAME_ORIGIN } from '../helpers/login'

/**
 * The research library's search: full text in the database, with English stemming, answering the
 * same on Postgres and on the embedded PGlite (this file runs on both).
 */
const setup = setUpTestApp({ ssr: { render, assets: { scripts: [], css: [], preloads: [] } }, reset: false })

beforeAll(async () => {
  await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
})

const titlesFor = async (q: string) => {
  const ids = await searchResearchStudies(setup.app.db, q)
  const studies = (await setup.app.inject({ method: 'GET', url: '/api/research-studies' })).json() as {
    id: number
    title: string
  }[]
  return ids.map((id) => studies.find((study) => study.id === id)?.title)
}

describe('searching the research library', () => {
  it('finds words in the title, with stemming ("improves" finds "Improved")', async () => {
    const titles = await titlesFor('glucose improves')
    expect(titles).toHaveLength(1)
    expect(titles[0]).toMatch(/^Hyperbaric Normoxia Improved Glucose Metabolism/)
  })

  it('reads quotes as a phrase and a minus as "without"', async () => {
    const all = await titlesFor('hyperbaric')
    expect(all.length).toBeGreaterThan(3)
    const without = await titlesFor('hyperbaric -glucose')
    expect(without).toHaveLength(all.length - 1)
    expect(await titlesFor('"oxygen hyperbaric mild"')).toEqual([])
  })

  it('never fails on odd input', async () => {
    for (const q of ['a & b | !c', ':*', '((', '"', '-', 'ñandú 東京', "o'reilly"]) {
      await expect(searchResearchStudies(setup.app.db, q)).resolves.toBeInstanceOf(Array)
    }
  })

  it('answers over tRPC, refusing an empty search with a reason', async () => {
    const ask = (q: string) =>
      setup.app.inject({
        method: 'GET',
        url: `/trpc/researchStudies.search?input=${encodeURIComponent(JSON.stringify({ json: { q } }))}`,
        headers: SAME_ORIGIN,
      })
    const found = await ask('glucose')
    expect(found.statusCode).toBe(200)
    expect(found.json().result.data.json).toHaveLength(1)
    const empty = await ask('   ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.json.message).toBe('Type something to search for')
  })

  it('a search in the address is rendered on the server', async () => {
    const html = (await setup.app.inject({ method: 'GET', url: '/research?q=glucose' })).body
    expect(html).toContain('1 Study Found')
    expect(html.match(/data-testid="study-card"/g)).toHaveLength(1)
  })
})
