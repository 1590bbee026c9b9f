import { describe, expect, it } from 'vitest'
import { compoundFileStreamNames, detectAttachment, safeFileName } from '../../src/server/services/attachment-type'
import { makeCompoundFile, makeDocx, makeExecutable, makePdf } from '../helpers/fixtures'

describe('detectAttachment', () => {
  it('accepts a PDF, a DOCX and a DOC whose content matches the extension', async () => {
    expect(await detectAttachment('a.pdf', await makePdf())).toEqual({
      extension: 'pdf',
      contentType: 'application/pdf',
    })
    expect(await detectAttachment('A.DOCX', makeDocx())).toMatchObject({ extension: 'docx' })
    expect(await detectAttachment('a.doc', makeCompoundFile())).toEqual({
      extension: 'doc',
      contentType: 'application/msword',
    })
  })

  it('refuses content that does not match the extension', async () => {
    expect(await detectAttachment('a.pdf', Buffer.from('just some text, renamed'))).toBeNull()
    expect(await detectAttachment('a.pdf', makeExecutable())).toBeNull()
    expect(await detectAttachment('a.docx', await makePdf())).toBeNull()
    expect(await detectAttachment('a.exe', makeExecutable())).toBeNull()
  })

  it('refuses an Office container that is not a Word document', async () => {
    expect(await detectAttachment('a.doc', makeCompoundFile(['Workbook']))).toBeNull()
  })
})

describe('compoundFileStreamNames', () => {
  it('follows the directory chain across sectors', () => {
    const names = ['WordDocument', '1Table', 'SummaryInformation', 'Data', 'Extra']
    expect(compoundFileStreamNames(makeCompoundFile(names))).toEqual(['Root Entry', ...names])
  })
  it('answers [] for anything else', () => {
    expect(compoundFileStreamNames(Buffer.alloc(10))).toEqual([])
  })
})

describe('safeFileName', () => {
  it('keeps a readable, header-safe name', () => {
    expect(safeFileName('My "Study" (final).PDF', 'pdf')).toBe('My-Study-final.pdf')
    expect(safeFileName('../../etc/passwd.pdf', 'pdf')).toBe('etc-passwd.pdf')
    expect(safeFileName('.pdf', 'pdf')).toBe('attachment.pdf')
  })
})
