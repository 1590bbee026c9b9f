import { fileTypeFromBuffer } from 'file-type'
import { ATTACHMENT_TYPE_MESSAGE } from '../../shared/constants'

type AttachmentKind = { extension: 'pdf' | 'docx' | 'doc'; contentType: string }

export const ACCEPTED_ATTACHMENTS_MESSAGE = ATTACHMENT_TYPE_MESSAGE

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
} as const

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const END_OF_CHAIN = 0xfffffffe

/**
 * Lists the stream names of an OLE compound file (the container of old .doc files) by following
 * the directory's sector chain through the FAT. Returns [] for anything malformed.
 */
export function compoundFileStreamNames(bytes: Buffer): string[] {
  if (bytes.length < 512 || !bytes.subarray(0, 8).equals(CFB_SIGNATURE)) return []
  const sectorSize = 1 << bytes.readUInt16LE(0x1e)
  if (sectorSize !== 512 && sectorSize !== 4096) return []
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize
  const fatSectors: number[] = []
  for (let i = 0; i < 109; i++) {
    const sector = bytes.readUInt32LE(0x4c + i * 4)
    if (sector >= 0xfffffffa) break
    fatSectors.push(sector)
  }
  const nextSector = (sector: number): number => {
    const perSector = sectorSize / 4
    const fatSector = fatSectors[Math.floor(sector / perSector)]
    if (fatSector === undefined) return END_OF_CHAIN
    const offset = sectorOffset(fatSector) + (sector % perSector) * 4
    return offset + 4 <= bytes.length ? bytes.readUInt32LE(offset) : END_OF_CHAIN
  }
  const names: string[] = []
  let sector = bytes.readUInt32LE(0x30)
  for (let guard = 0; sector < 0xfffffffa && guard < 10_000; guard++) {
    const start = sectorOffset(sector)
    if (start + sectorSize > bytes.length) break
    for (let entry = start; entry < start + sectorSize; entry += 128) {
      const nameLength = bytes.readUInt16LE(entry + 64)
      if (nameLength >= 2 && nameLength <= 64) names.push(bytes.toString('utf16le', entry, entry + nameLength - 2))
    }
    sector = nextSector(sector)
  }
  return names
}

/**
 * Accepts a file only when its extension and its content agree: a PDF, a DOCX (a ZIP holding
 * word/document.xml, as file-type recognises it), or a DOC (a compound file with a WordDocument
 * stream; file-type alone only says "cfb", which Excel and others share).
 */
export async function detectAttachment(filename: string, bytes: Buffer): Promise<AttachmentKind | null> {
  const extension = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1]
  if (extension !== 'pdf' && extension !== 'docx' && extension !== 'doc') return null
  const detected = await fileTypeFromBuffer(bytes)
  if (extension === 'pdf' && detected?.ext === 'pdf') return { extension, contentType: CONTENT_TYPES.pdf }
  if (extension === 'docx' && detected?.ext === 'docx') return { extension, contentType: CONTENT_TYPES.docx }
  if (extension === 'doc' && detected?.ext === 'cfb' && compoundFileStreamNames(bytes).includes('WordDocument')) {
    return { extension, contentType: CONTENT_TYPES.doc }
  }
  return null
}

/** A file name safe for a URL path and a Content-Disposition header. */
export function safeFileName(filename: string, extension: string): string {
  const base = filename
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
  return `${base || 'attachment'}.${extension}`
}
