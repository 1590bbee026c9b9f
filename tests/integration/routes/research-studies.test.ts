import { beforeEach, describe, expect, it } from 'vitest'
import { attachments } from '../../../src/db/schema'
import { pruneOrphanAttachments } from '../../../src/server/services/attachments'
import { setUpTestApp } from '../../helpers/build-app'
import { makePdf, multipart } from '../../helpers/fixtures'
import { CROSS_ORIGIN, loginCookie, SAME_ORIGIN } from '../../helpers/login'

const setup = setUpTestApp({ env: { ADMIN_EMAILS: 'Admin@Example.org' } })
let admin: string
let outsider: string

const study = {
  title: 'Mild hyperbaric oxygen: mechanisms and effects',
  authors: 'Ishihara A',
  journal: 'The Journal of Physiological Sciences',
  year: '2019',
  category: 'General Wellness',
  url: 'https://doi.org/10.1007/s12576-019-00678-5',
  summary: 'A review.',
}

beforeEach(async () => {
  admin = await loginCookie(setup.app, 'admin@example.org')
  outsider = await loginCookie(setup.app, 'visitor@example.org')
})

const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  body?: unknown,
  origin = SAME_ORIGIN,
) =>
  setup.app.inject({
    method,
    url,
    headers: { ...origin, ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: body as object } : {}),
  })

const createOne = async () => (await send('POST', '/api/research-studies', admin, study)).json() as { id: number }

describe('POST /api/research-studies', () => {
  it('creates a study for an admin and lists it', async () => {
    const response = await send('POST', '/api/research-studies', admin, study)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ ...study, id: expect.any(Number), attachmentUrl: null })
    const list = (await setup.app.inject({ method: 'GET', url: '/api/research-studies' })).json()
    expect(list).toHaveLength(1)
  })

  it('keeps volume, issue and pages as cited, and lists them; a study without them has them null', async () => {
    const cited = { ...study, volume: '69', issue: '4', pages: '573-580' }
    const response = await send('POST', '/api/research-studies', admin, cited)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject(cited)
    const id = (response.json() as { id: number }).id
    const without = await send('PATCH', `/api/research-studies/${id}`, admin, { ...cited, volume: '', pages: null })
    expect(without.json()).toMatchObject({ volume: null, issue: '4', pages: null })
    const list = (await setup.app.inject({ method: 'GET', url: '/api/research-studies' })).json()
    expect(list).toEqual([expect.objectContaining({ id, volume: null, issue: '4', pages: null })])
  })

  it('answers 401 signed out, 403 for a non-admin, 403 cross-origin', async () => {
    expect((await send('POST', '/api/research-studies', undefined, study)).statusCode).toBe(401)
    expect((await send('POST', '/api/research-studies', outsider, study)).statusCode).toBe(403)
    expect((await send('POST', '/api/research-studies', admin, study, CROSS_ORIGIN)).statusCode).toBe(403)
    const list = (await setup.app.inject({ method: 'GET', url: '/api/research-studies' })).json()
    expect(list).toHaveLength(0)
  })

  it('answers 400 naming each bad field', async () => {
    const response = await send('POST', '/api/research-studies', admin, {
      title: '',
      category: 'Cures',
      url: 'javascript:x',
      year: '99',
      pages: 'p'.repeat(51),
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields).sort()).toEqual(['category', 'pages', 'title', 'url', 'year'])
  })

  it('refuses an attachment id that does not exist', async () => {
    const response = await send('POST', '/api/research-studies', admin, {
      ...study,
      attachmentFileId: '00000000-0000-4000-8000-000000000000',
    })
    expect(response.statusCode).toBe(400)
  })
})

describe('PATCH /api/research-studies/:id', () => {
  it('updates a study', async () => {
    const { id } = await createOne()
    const response = await send('PATCH', `/api/research-studies/${id}`, admin, { ...study, title: 'Renamed' })
    expect(response.statusCode).toBe(200)
    expect(response.json().title).toBe('Renamed')
  })

  it('answers 400 to a null character, which Postgres text cannot hold, and leaves the study as it was', async () => {
    // Found by tests/integration/hostile-input.test.ts: it was a 500 from the failed update.
    const { id } = await createOne()
    const response = await send('PATCH', `/api/research-studies/${id}`, admin, { ...study, summary: 'A\u0000 review.' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ summary: 'Summary must not contain a null character' })
    const list = (await setup.app.inject({ method: 'GET', url: '/api/research-studies' })).json()
    expect(list[0].summary).toBe(study.summary)
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await send('PATCH', '/api/research-studies/9999', admin, study)).statusCode).toBe(404)
    expect((await send('PATCH', '/api/research-studies/abc', admin, study)).statusCode).toBe(400)
  })

  it('answers 401, 403 and 403 cross-origin', async () => {
    const { id } = await createOne()
    expect((await send('PATCH', `/api/research-studies/${id}`, undefined, study)).statusCode).toBe(401)
    expect((await send('PATCH', `/api/research-studies/${id}`, outsider, study)).statusCode).toBe(403)
    expect((await send('PATCH', `/api/research-studies/${id}`, admin, study, CROSS_ORIGIN)).statusCode).toBe(403)
  })
})

describe('DELETE /api/research-studies/:id', () => {
  it('deletes a study, then answers 404', async () => {
    const { id } = await createOne()
    expect((await send('DELETE', `/api/research-studies/${id}`, admin)).statusCode).toBe(200)
    expect((await send('DELETE', `/api/research-studies/${id}`, admin)).statusCode).toBe(404)
  })

  it('answers 401, 403 and 403 cross-origin', async () => {
    const { id } = await createOne()
    expect((await send('DELETE', `/api/research-studies/${id}`)).statusCode).toBe(401)
    expect((await send('DELETE', `/api/research-studies/${id}`, outsider)).statusCode).toBe(403)
    expect((await send('DELETE', `/api/research-studies/${id}`, admin, undefined, CROSS_ORIGIN)).statusCode).toBe(403)
  })
})

/**
 * Past research_studies.id (a Postgres integer): bad input, refused by the shared id schema before
 * any query (Postgres would fail on the parameter: a 500). Found by tests/integration/hostile-input.test.ts.
 */
const OUT_OF_RANGE_IDS = [2_147_483_648, 99_999_999_999]
const OUT_OF_RANGE = {
  error: 'Bad Request',
  message: 'Must be a whole number from 1 to 2147483647',
  fields: { id: 'Must be a whole number from 1 to 2147483647' },
}

describe('a study id past the 32-bit integer column', () => {
  it.each(OUT_OF_RANGE_IDS)(
    'PATCH and DELETE /api/research-studies/%i answer 400 naming the id, not 500',
    async (id) => {
      const patched = await send('PATCH', `/api/research-studies/${id}`, admin, study)
      expect(patched.statusCode).toBe(400)
      expect(patched.json()).toEqual(OUT_OF_RANGE)
      const deleted = await send('DELETE', `/api/research-studies/${id}`, admin)
      expect(deleted.statusCode).toBe(400)
      expect(deleted.json()).toEqual(OUT_OF_RANGE)
    },
  )

  it('the largest id the column holds is looked up as usual', async () => {
    expect((await send('PATCH', '/api/research-studies/2147483647', admin, study)).statusCode).toBe(404)
    expect((await send('DELETE', '/api/research-studies/2147483647', admin)).statusCode).toBe(404)
  })
})

describe('attachments follow their study', () => {
  const upload = async () => {
    const body = multipart('study.pdf', await makePdf())
    const response = await setup.app.inject({
      method: 'POST',
      url: '/api/upload/research-attachment',
      headers: { ...body.headers, ...SAME_ORIGIN, cookie: admin },
      payload: body.payload,
    })
    expect(response.statusCode).toBe(201)
    return response.json() as { fileId: string; webViewLink: string }
  }
  const attachmentCount = async () => (await setup.database.handle.db.select().from(attachments)).length

  it('saves the link the server made, removes a replaced file, and leaves a deleted study’s file to the housekeeping', async () => {
    const first = await upload()
    const created = await send('POST', '/api/research-studies', admin, {
      ...study,
      attachmentUrl: 'https://elsewhere.example/fake.pdf',
      attachmentFileId: first.fileId,
    })
    expect(created.json().attachmentUrl).toBe(first.webViewLink)
    const { id } = created.json() as { id: number }

    const second = await upload()
    await send('PATCH', `/api/research-studies/${id}`, admin, {
      ...study,
      attachmentFileId: second.fileId,
      attachmentUrl: second.webViewLink,
    })
    expect(await attachmentCount()).toBe(1)
    expect((await setup.app.inject({ method: 'GET', url: first.webViewLink })).statusCode).toBe(404)

    // Kept so that the screen's Undo can save the study again with its file...
    await send('DELETE', `/api/research-studies/${id}`, admin)
    expect(await attachmentCount()).toBe(1)
    const again = await send('POST', '/api/research-studies', admin, { ...study, attachmentFileId: second.fileId })
    expect(again.json().attachmentUrl).toBe(second.webViewLink)
    // ...and removed by the housekeeping once no study claims it.
    await send('DELETE', `/api/research-studies/${again.json().id}`, admin)
    expect(await pruneOrphanAttachments(setup.database.handle.db, 0)).toBe(1)
    expect(await attachmentCount()).toBe(0)
  })
})

describe('tRPC mutations', () => {
  const trpc = (path: string, input: unknown, cookie?: string, origin = SAME_ORIGIN) =>
    setup.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ json: input }),
    })

  it('create, update and remove work for an admin', async () => {
    const created = await trpc('researchStudies.create', study, admin)
    expect(created.statusCode).toBe(200)
    const id = created.json().result.data.json.id as number
    expect(
      (await trpc('researchStudies.update', { id, data: { ...study, title: 'T2' } }, admin)).json().result.data.json
        .title,
    ).toBe('T2')
    expect((await trpc('researchStudies.remove', { id }, admin)).statusCode).toBe(200)
    expect((await trpc('researchStudies.remove', { id }, admin)).statusCode).toBe(404)
  })

  it.each(OUT_OF_RANGE_IDS)(
    'update and remove with id %i answer BAD_REQUEST (400) naming the id, not 500',
    async (id) => {
      for (const response of [
        await trpc('researchStudies.update', { id, data: study }, admin),
        await trpc('researchStudies.remove', { id }, admin),
      ]) {
        expect(response.statusCode).toBe(400)
        expect(response.json().error.json.data.code).toBe('BAD_REQUEST')
        expect(response.json().error.json.data.fields).toEqual(OUT_OF_RANGE.fields)
      }
    },
  )

  it('answer 401 signed out, 403 for a non-admin, 403 cross-origin, 400 for bad input', async () => {
    expect((await trpc('researchStudies.create', study)).statusCode).toBe(401)
    expect((await trpc('researchStudies.create', study, outsider)).statusCode).toBe(403)
    expect((await trpc('researchStudies.create', study, admin, CROSS_ORIGIN)).statusCode).toBe(403)
    expect((await trpc('researchStudies.create', { ...study, url: 'nope' }, admin)).statusCode).toBe(400)
  })
})
