import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { attachments, auditLog, contactSubmissions, educationalResources, testimonials } from '../../src/db/schema'
import { setUpTestApp } from '../helpers/build-app'
import { makeDocx, makePdf, multipart } from '../helpers/fixtures'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

/**
 * What the council does with what the site collects, through the documented REST contract
 * (README, API): the inbox, moderation, resources with their files, and the activity log.
 */

const ADMIN = 'admin@example.org'
const setup = setUpTestApp({ env: { ADMIN_EMAILS: ADMIN } })
let app: FastifyInstance
let cookie: string

beforeEach(async () => {
  app = setup.app
  cookie = await loginCookie(app, ADMIN)
})

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) })

const activity = async () => (await asAdmin('GET', '/api/admin/activity')).json() as Record<string, unknown>[]

async function addMessages(n: number) {
  for (let i = 1; i <= n; i++) {
    await app.db.insert(contactSubmissions).values({
      name: `Sender ${i}`,
      email: `sender${i}@example.org`,
      subject: `Subject ${i}`,
      message: `Message number ${i}`,
    })
  }
}

describe('messages', () => {
  it('lists newest first, filters by state, and pages past 50 with a Link header', async () => {
    await addMessages(55)
    const first = await asAdmin('GET', '/api/admin/contact-submissions')
    expect(first.statusCode).toBe(200)
    const page = first.json() as { id: number; subject: string; status: string }[]
    expect(page).toHaveLength(50)
    expect(page[0]?.subject).toBe('Subject 55')
    expect(Object.keys(page[0] ?? {}).sort()).toEqual(
      ['createdAt', 'email', 'id', 'message', 'name', 'notice', 'status', 'subject'].sort(),
    )
    const next = String(first.headers.link).match(/^<([^>]+)>; rel="next"$/)?.[1]
    expect(next).toBeDefined()
    const rest = (await asAdmin('GET', String(next))).json() as { subject: string }[]
    expect(rest.map((row) => row.subject)).toEqual(['Subject 5', 'Subject 4', 'Subject 3', 'Subject 2', 'Subject 1'])

    const target = page[0]?.id
    await asAdmin('PATCH', `/api/admin/contact-submissions/${target}`, { status: 'archived' })
    const archived = (await asAdmin('GET', '/api/admin/contact-submissions?status=archived')).json()
    expect(archived.map((row: { id: number }) => row.id)).toEqual([target])
    const fresh = (await asAdmin('GET', '/api/admin/contact-submissions?status=new&limit=200')).json()
    expect(fresh).toHaveLength(54)
  })

  it('refuses an unknown state or id with a reason', async () => {
    await addMessages(1)
    const bad = await asAdmin('GET', '/api/admin/contact-submissions?status=spam')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Status must be new, read or archived')
    const [row] = await app.db.select().from(contactSubmissions)
    const badPatch = await asAdmin('PATCH', `/api/admin/contact-submissions/${row?.id}`, { status: 'gone' })
    expect(badPatch.statusCode).toBe(400)
    expect(badPatch.json().fields).toEqual({ status: 'Status must be new, read or archived' })
    expect((await asAdmin('DELETE', '/api/admin/contact-submissions/999999')).statusCode).toBe(404)
  })

  it('opening through tRPC marks a new message read, once, with one audit row', async () => {
    await addMessages(1)
    const [row] = await app.db.select().from(contactSubmissions)
    const open = () =>
      app.inject({
        method: 'POST',
        url: '/trpc/messages.open',
        headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ json: { id: row?.id } }),
      })
    expect((await open()).json().result.data.json.status).toBe('read')
    expect((await open()).json().result.data.json.status).toBe('read')
    const rows = await activity()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorEmail: ADMIN,
      action: 'update',
      entity: 'message',
      entityId: String(row?.id),
      before: { status: 'new' },
      after: { status: 'read' },
    })
  })

  it('deleted for good, the message leaves no personal data in the log', async () => {
    await addMessages(1)
    const [row] = await app.db.select().from(contactSubmissions)
    const response = await asAdmin('DELETE', `/api/admin/contact-submissions/${row?.id}`)
    expect(response.statusCode).toBe(200)
    expect(await app.db.select().from(contactSubmissions)).toEqual([])
    const log = JSON.stringify(await app.db.select().from(auditLog))
    expect(log).toContain('"delete"')
    for (const personal of ['Sender 1', 'sender1@example.org', 'Subject 1', 'Message number 1']) {
      expect(log).not.toContain(personal)
    }
  })
})

describe('testimonials', () => {
  const submission = { name: 'Test Visitor', location: 'Springfield', testimonial: 'My sessions were calm and clear.' }

  it('a visitor submits one with consent: stored for review, not public until approved', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/testimonials',
      headers: SAME_ORIGIN,
      payload: submission,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual({ consent: 'Consent to publish is required' })

    const sent = await app.inject({
      method: 'POST',
      url: '/api/testimonials',
      headers: SAME_ORIGIN,
      payload: { ...submission, consent: true },
    })
    expect(sent.statusCode).toBe(201)
    const [stored] = await app.db.select().from(testimonials)
    expect(stored).toMatchObject({ name: 'Test Visitor', isApproved: false })
    expect(stored?.consentedAt).toBeInstanceOf(Date)
    expect((await app.inject({ method: 'GET', url: '/api/testimonials' })).json()).toEqual([])

    const all = (await asAdmin('GET', '/api/admin/testimonials')).json()
    expect(all[0]).toMatchObject({ id: stored?.id, isApproved: false })
    await asAdmin('PATCH', `/api/admin/testimonials/${stored?.id}`, { isApproved: true })
    const published = (await app.inject({ method: 'GET', url: '/api/testimonials' })).json()
    expect(published).toEqual([
      { id: stored?.id, name: 'Test Visitor', location: 'Springfield', testimonial: submission.testimonial },
    ])
  })

  it('a filled honeypot gets the same answer and stores nothing', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/testimonials',
      headers: SAME_ORIGIN,
      payload: { ...submission, consent: true, website: 'http://spam.example' },
    })
    expect(sent.statusCode).toBe(201)
    expect(await app.db.select().from(testimonials)).toEqual([])
  })

  it('lists pending first; the log records approval and which fields changed, never the words', async () => {
    const created = await asAdmin('POST', '/api/admin/testimonials', { ...submission, consent: true, isApproved: true })
    expect(created.statusCode).toBe(201)
    await app.db.insert(testimonials).values({ name: 'Test Pending', testimonial: 'Waiting for review here.' })
    const all = (await asAdmin('GET', '/api/admin/testimonials')).json()
    expect(all.map((row: { name: string }) => row.name)).toEqual(['Test Pending', 'Test Visitor'])

    const id = created.json().id
    await asAdmin('PATCH', `/api/admin/testimonials/${id}`, {
      testimonial: 'Edited words of the author.',
      isApproved: false,
    })
    await asAdmin('DELETE', `/api/admin/testimonials/${id}`)
    const rows = (await activity()).filter((row) => row.entity === 'testimonial')
    expect(rows.map((row) => [row.action, row.before, row.after])).toEqual([
      ['delete', { isApproved: false }, null],
      ['update', { isApproved: true }, { isApproved: false, edited: ['testimonial'] }],
      ['create', null, { isApproved: true }],
    ])
    const log = JSON.stringify(rows)
    for (const words of ['Test Visitor', 'Springfield', 'calm and clear', 'Edited words'])
      expect(log).not.toContain(words)
  })

  it('an admin cannot add one without the consent statement', async () => {
    const response = await asAdmin('POST', '/api/admin/testimonials', submission)
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ consent: 'Consent to publish is required' })
  })
})

describe('resources', () => {
  async function upload(name: string, bytes: Buffer) {
    const body = multipart(name, bytes)
    return app.inject({
      method: 'POST',
      url: '/api/upload/resource-file',
      headers: { ...body.headers, ...SAME_ORIGIN, cookie },
      payload: body.payload,
    })
  }

  it('adds, lists, replaces the file of, and deletes a resource; files follow', async () => {
    const pdf = (await upload('MHBOT-SC-002.pdf', await makePdf('Position statement 002'))).json()
    const created = await asAdmin('POST', '/api/admin/resources', {
      title: 'Position Statement MHBOT-SC/002',
      description: 'The second position statement.',
      category: 'Professional',
      fileId: pdf.fileId,
    })
    expect(created.statusCode).toBe(201)
    const resource = created.json()
    expect(resource).toMatchObject({ fileType: 'PDF', fileUrl: pdf.webViewLink, fileId: pdf.fileId })
    const listed = (await app.inject({ method: 'GET', url: '/api/resources' })).json()
    expect(listed.map((row: { title: string }) => row.title)).toContain('Position Statement MHBOT-SC/002')
    expect((await app.inject({ method: 'GET', url: pdf.webViewLink })).statusCode).toBe(200)

    const docx = (await upload('statement.docx', makeDocx())).json()
    const updated = await asAdmin('PATCH', `/api/admin/resources/${resource.id}`, {
      title: 'Position Statement MHBOT-SC/002',
      category: 'Professional',
      fileId: docx.fileId,
    })
    expect(updated.json()).toMatchObject({ fileType: 'DOCX', fileId: docx.fileId, description: null })
    const files = await app.db.select({ id: attachments.id }).from(attachments)
    expect(files).toEqual([{ id: docx.fileId }])

    expect((await asAdmin('DELETE', `/api/admin/resources/${resource.id}`)).statusCode).toBe(200)
    expect(await app.db.select().from(educationalResources)).toEqual([])
    expect(await app.db.select().from(attachments)).toEqual([])
    const log = (await activity()).filter((row) => row.entity === 'resource')
    expect(log.map((row) => row.action)).toEqual(['delete', 'update', 'create'])
    expect(log[1]?.before).toMatchObject({ fileType: 'PDF', fileId: pdf.fileId })
    expect(log[1]?.after).toMatchObject({ fileType: 'DOCX', fileId: docx.fileId })
  })

  it('refuses a file that is not a PDF or Word document (415) and one that is not stored (400)', async () => {
    const refused = await upload('notes.pdf', Buffer.from('plain text pretending to be a PDF'))
    expect(refused.statusCode).toBe(415)
    expect(refused.json().message).toBe('Only PDF (.pdf) and Word (.doc, .docx) files are accepted')
    const missing = await asAdmin('POST', '/api/admin/resources', {
      title: 'No file',
      category: 'Safety',
      fileId: '00000000-0000-4000-8000-000000000000',
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().fields).toEqual({ fileId: 'The file does not exist' })
  })
})

describe('the activity log', () => {
  it('filters by entity, and refuses an unknown one', async () => {
    await asAdmin('POST', '/api/research-studies', {
      title: 'S',
      category: 'General Wellness',
      url: 'https://example.org',
    })
    await addMessages(1)
    const [row] = await app.db.select().from(contactSubmissions)
    await asAdmin('PATCH', `/api/admin/contact-submissions/${row?.id}`, { status: 'read' })
    const studies = (await asAdmin('GET', '/api/admin/activity?entity=research_study')).json()
    expect(studies.map((entry: { entity: string }) => entry.entity)).toEqual(['research_study'])
    expect(Object.keys(studies[0]).sort()).toEqual(
      ['action', 'actorEmail', 'after', 'at', 'before', 'entity', 'entityId', 'id'].sort(),
    )
    expect((await asAdmin('GET', '/api/admin/activity?entity=users')).statusCode).toBe(400)
  })

  it('shares the change’s transaction: when the audit row cannot be written, the change is undone', async () => {
    await addMessages(1)
    const [row] = await app.db.select().from(contactSubmissions)
    await app.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused for the test'; end $$`)
    await app.db.execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    )
    try {
      const study = await asAdmin('POST', '/api/research-studies', {
        title: 'S',
        category: 'General Wellness',
        url: 'https://example.org',
      })
      const patch = await asAdmin('PATCH', `/api/admin/contact-submissions/${row?.id}`, { status: 'archived' })
      const removal = await asAdmin('DELETE', `/api/admin/contact-submissions/${row?.id}`)
      expect([study.statusCode, patch.statusCode, removal.statusCode]).toEqual([500, 500, 500])
    } finally {
      await app.db.execute(sql`drop trigger refuse_audit on audit_log`)
      await app.db.execute(sql`drop function refuse_audit()`)
    }
    expect(await app.db.select().from(contactSubmissions)).toEqual([row])
    expect((await app.inject({ method: 'GET', url: '/api/research-studies' })).json()).toEqual([])
  })

  it('records each upload: who uploaded which file name and size, never the content', async () => {
    const pdf = await makePdf('Words inside the uploaded file')
    const docx = makeDocx()
    const uploaded = []
    for (const [url, name, bytes] of [
      ['/api/upload/research-attachment', 'full study.pdf', pdf],
      ['/api/upload/resource-file', 'statement.docx', docx],
    ] as const) {
      const body = multipart(name, bytes)
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, ...SAME_ORIGIN, cookie },
        payload: body.payload,
      })
      expect(response.statusCode).toBe(201)
      uploaded.push({ fileId: response.json().fileId as string, size: bytes.length })
    }
    const refused = multipart('notes.pdf', Buffer.from('plain text pretending to be a PDF'))
    const refusal = await app.inject({
      method: 'POST',
      url: '/api/upload/resource-file',
      headers: { ...refused.headers, ...SAME_ORIGIN, cookie },
      payload: refused.payload,
    })
    expect(refusal.statusCode).toBe(415)

    const files = (await asAdmin('GET', '/api/admin/activity?entity=file')).json() as Record<string, unknown>[]
    expect(await app.db.select({ id: attachments.id }).from(attachments)).toHaveLength(2)
    expect(
      files.map(({ action, entity, entityId, actorEmail, before, after }) => ({
        action,
        entity,
        entityId,
        actorEmail,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'create',
        entity: 'file',
        entityId: uploaded[1]?.fileId,
        actorEmail: ADMIN,
        before: null,
        after: { filename: 'statement.docx', size: uploaded[1]?.size },
      },
      {
        action: 'create',
        entity: 'file',
        entityId: uploaded[0]?.fileId,
        actorEmail: ADMIN,
        before: null,
        // The name as stored and served (safeFileName), which is the one the admin sees.
        after: { filename: 'full-study.pdf', size: uploaded[0]?.size },
      },
    ])
    expect(JSON.stringify(await app.db.select().from(auditLog))).not.toContain('Words inside')
  })

  it('an update that changes nothing writes no row, over REST and tRPC; one that does, one row', async () => {
    const study = { title: 'S', category: 'General Wellness', url: 'https://example.org/s', summary: 'A summary.' }
    const { id: studyId } = (await asAdmin('POST', '/api/research-studies', study)).json() as { id: number }
    const body = multipart('doc.pdf', await makePdf())
    const { fileId } = (
      await app.inject({
        method: 'POST',
        url: '/api/upload/resource-file',
        headers: { ...body.headers, ...SAME_ORIGIN, cookie },
        payload: body.payload,
      })
    ).json() as { fileId: string }
    const resource = { title: 'R', category: 'Safety', fileId }
    const { id: resourceId } = (await asAdmin('POST', '/api/admin/resources', resource)).json() as { id: number }
    const trpc = (path: string, input: unknown) =>
      app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ json: input }),
      })
    const rows = async () => (await app.db.select().from(auditLog)).length
    const before = await rows()

    // The same values again: over REST, over tRPC, and with surrounding spaces the schema trims.
    expect((await asAdmin('PATCH', `/api/research-studies/${studyId}`, study)).statusCode).toBe(200)
    expect((await asAdmin('PATCH', `/api/research-studies/${studyId}`, { ...study, title: '  S  ' })).statusCode).toBe(
      200,
    )
    expect((await trpc('researchStudies.update', { id: studyId, data: study })).statusCode).toBe(200)
    expect((await asAdmin('PATCH', `/api/admin/resources/${resourceId}`, resource)).statusCode).toBe(200)
    expect((await trpc('resources.update', { id: resourceId, data: resource })).statusCode).toBe(200)
    expect(await rows()).toBe(before)

    expect((await asAdmin('PATCH', `/api/research-studies/${studyId}`, { ...study, title: 'S2' })).statusCode).toBe(200)
    const log = (await activity())[0]
    expect(log).toMatchObject({
      action: 'update',
      entity: 'research_study',
      before: { title: 'S' },
      after: { title: 'S2' },
    })
    expect(await rows()).toBe(before + 1)
  })

  it('a change that fails leaves no audit row', async () => {
    await asAdmin('PATCH', '/api/admin/contact-submissions/12345', { status: 'read' })
    await asAdmin('POST', '/api/admin/resources', {
      title: 'x',
      category: 'Safety',
      fileId: '00000000-0000-4000-8000-000000000000',
    })
    expect(await app.db.select().from(auditLog)).toEqual([])
  })

  it('cannot be edited or deleted, even by a stray statement', async () => {
    await asAdmin('POST', '/api/research-studies', {
      title: 'S',
      category: 'General Wellness',
      url: 'https://example.org',
    })
    await expect(app.db.execute(sql`update audit_log set actor_email = 'someone@else.org'`)).rejects.toThrow()
    await expect(app.db.execute(sql`delete from audit_log`)).rejects.toThrow()
    expect(await app.db.select().from(auditLog)).toHaveLength(1)
  })
})
