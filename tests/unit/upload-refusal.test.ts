import { describe, expect, it } from 'vitest'
import { refuseChosenFile, uploadRefusalReason } from '../../src/client/admin/ui/upload'
import { formatHttpError } from '../../src/shared/http-error'

/** The error apiRequest throws for a non-success answer. */
const refused = (status: number, body: string) => new Error(formatHttpError(status, body, 'Status text'))
const json = (message: unknown) => JSON.stringify({ error: 'Error', message })

describe('uploadRefusalReason', () => {
  it('gives the server’s own words for a refused file', () => {
    expect(uploadRefusalReason(refused(413, json('The file is larger than 20 MB')))).toBe(
      'The file is larger than 20 MB',
    )
    expect(uploadRefusalReason(refused(415, json('Only PDF (.pdf) and Word (.doc, .docx) files are accepted')))).toBe(
      'Only PDF (.pdf) and Word (.doc, .docx) files are accepted',
    )
    expect(uploadRefusalReason(refused(400, json('The file is empty')))).toBe('The file is empty')
  })

  it('still says “too large” when a proxy refuses the body with a page of its own', () => {
    expect(uploadRefusalReason(refused(413, '<html>Request Entity Too Large</html>'))).toBe(
      'The file is too large to upload',
    )
  })

  it('leaves every other failure to the caller', () => {
    expect(uploadRefusalReason(refused(401, json('Unauthorized')))).toBeNull()
    expect(uploadRefusalReason(refused(500, json('Internal Server Error')))).toBeNull()
    expect(uploadRefusalReason(refused(415, ''))).toBeNull()
    expect(uploadRefusalReason(refused(415, json(42)))).toBeNull()
    expect(uploadRefusalReason(new TypeError('Failed to fetch'))).toBeNull()
    expect(uploadRefusalReason('413: nothing')).toBeNull()
  })
})

describe('refuseChosenFile', () => {
  it('refuses in the server’s words a file that is not .pdf, .doc or .docx, or over the limit', () => {
    const mb = 1024 * 1024
    expect(refuseChosenFile({ name: 'Study.PDF', size: mb }, 1)).toBeNull()
    expect(refuseChosenFile({ name: 'notes.docx', size: 10 }, 1)).toBeNull()
    expect(refuseChosenFile({ name: 'old.doc', size: 10 }, 0.05)).toBeNull()
    expect(refuseChosenFile({ name: 'notes.txt', size: 10 }, 1)).toBe(
      'Only PDF (.pdf) and Word (.doc, .docx) files are accepted',
    )
    expect(refuseChosenFile({ name: 'pdf', size: 10 }, 1)).toBe(
      'Only PDF (.pdf) and Word (.doc, .docx) files are accepted',
    )
    expect(refuseChosenFile({ name: 'big.pdf', size: mb + 1 }, 1)).toBe('The file is larger than 1 MB')
    expect(refuseChosenFile({ name: 'big.pdf', size: 60 * 1024 }, 0.05)).toBe('The file is larger than 0.05 MB')
  })
})
