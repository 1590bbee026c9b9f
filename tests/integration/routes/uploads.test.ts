import { beforeEach, describe, expect, it } from 'vitest'
import { attachments } from '../../../src/db/schema'
import { setUpTestApp } from '../../helpers/build-app'
import { makeCompoundFile, makeDocx, makeExecutable, makePdf, multipart } from '../../helpers/fixtures'
import { CROSS_ORIGIN, loginCookie, SAME_ORIGIN } from '../../helpers/login'

// 0.05 MB: small enough to test the limit without megabytes of test data.
const setup = setUpTestApp({ env: { ADMIN_EMAILS: 'admin@example.org', UPLOAD_MAX_MB: '0.05' } })
let admin: string

beforeEach(async () => {
  admin = await loginCookie(setup.app, 'admin@example.org')
})

const upload = (filename: string, content: Buffer, cookie: string | null = admin, origin = SAME_ORIGIN) => {
  const body = multipart(filename, content)
  return setup.app.inject({
    method: 'POST',
    url: '/api/upload/research-attachment',
    headers: { ...body.headers, ...origin, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  })
}
const stored = async () => (await setup.database.handle.db.select({ id: attachments.id }).from(attachments)).length

describe('POST /api/upload/research-attachment', () => {
  it.each([
    ['study.pdf', makePdf, 'application/pdf', 'inline'],
    [
      'study.docx',
      async () => makeDocx(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'attachment',
    ],
    ['study.doc', async () => makeCompoundFile(), 'application/msword', 'attachment'],
  ])('accepts %s and serves it back', async (filename, make, contentType, disposition) => {
    const bytes = await make()
    const response = await upload(filename, bytes)
    expect(response.statusCode).toBe(201)
    const { webViewLink, fileId } = response.json() as { webViewLink: string; fileId: string }
    expect(webViewLink).toBe(`/files/${fileId}/${filename}`)

    const file = await setup.app.inject({ method: 'GET', url: webViewLink })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe(contentType)
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    // Sandboxed: an uploaded file runs no script and reaches no cookie of the site. Not the pages'
    // policy, whose object-src 'none' would blank Chromium's PDF viewer; sandbox alone leaves it working.
    expect(file.headers['content-security-policy']).toBe('sandbox')
    expect(file.headers['content-disposition']).toBe(`${disposition}; filename="${filename}"`)
    expect(file.headers['cache-control']).toContain('max-age=31536000')
    expect(file.rawPayload.equals(bytes)).toBe(true)
    const again = await setup.app.inject({
      method: 'GET',
      url: webViewLink,
      headers: { 'if-none-match': String(file.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('refuses a text file renamed .pdf with 415 saying what is accepted', async () => {
    const response = await upload('notes.pdf', Buffer.from('These are plain notes, not a PDF.'))
    expect(response.statusCode).toBe(415)
    expect(response.json().message).toBe('Only PDF (.pdf) and Word (.doc, .docx) files are accepted')
    expect(await stored()).toBe(0)
  })

  it('refuses an executable, whatever its name', async () => {
    expect((await upload('tool.exe', makeExecutable())).statusCode).toBe(415)
    expect((await upload('tool.pdf', makeExecutable())).statusCode).toBe(415)
    expect(await stored()).toBe(0)
  })

  it('refuses a file over UPLOAD_MAX_MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([await makePdf(), Buffer.alloc(80 * 1024, 0x20)])
    const response = await upload('big.pdf', big)
    expect(response.statusCode).toBe(413)
    expect(await stored()).toBe(0)
  })

  // Found by tests/integration/hostile-input.test.ts: the multipart parser's own errors were 500s.
  it.each([
    ['no boundary', 'multipart/form-data', ''],
    ['a body cut short', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"'],
    [
      'a blank boundary',
      'multipart/form-data; boundary= ',
      '-- \r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF',
    ],
  ])('answers 400 to a malformed multipart body (%s) and keeps nothing', async (_case, contentType, payload) => {
    const response = await setup.app.inject({
      method: 'POST',
      url: '/api/upload/research-attachment',
      headers: { ...SAME_ORIGIN, cookie: admin, 'content-type': contentType },
      payload,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message: 'The upload could not be read: send multipart/form-data with the file in a field named "file"',
    })
    expect(await stored()).toBe(0)
  })

  it('answers 401 signed out, 403 for a non-admin, 403 cross-origin', async () => {
    const pdf = await makePdf()
    expect((await upload('a.pdf', pdf, null)).statusCode).toBe(401)
    expect((await upload('a.pdf', pdf, await loginCookie(setup.app, 'someone@example.org'))).statusCode).toBe(403)
    expect((await upload('a.pdf', pdf, admin, CROSS_ORIGIN)).statusCode).toBe(403)
    expect(await stored()).toBe(0)
  })

  it('gives a 404 for a file that does not exist', async () => {
    expect(
      (await setup.app.inject({ method: 'GET', url: '/files/00000000-0000-4000-8000-000000000000/x.pdf' })).statusCode,
    ).toBe(404)
    expect((await setup.app.inject({ method: 'GET', url: '/files/nope/x.pdf' })).statusCode).toBe(404)
  })
})
