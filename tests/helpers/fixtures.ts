import { crc32 } from 'node:zlib'
import { PDFDocument, StandardFonts } from 'pdf-lib'

/** A real one-page PDF. */
export async function makePdf(text = 'Study attachment'): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([300, 200])
  page.drawText(text, { x: 20, y: 100, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) })
  return Buffer.from(await pdf.save())
}

/** A ZIP archive with stored (uncompressed) entries. */
function makeZip(entries: { name: string; content: string }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const data = Buffer.from(entry.content)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

/** A minimal but well-formed Word .docx. */
export function makeDocx(): Buffer {
  return makeZip([
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Study</w:t></w:r></w:p></w:body></w:document>',
    },
  ])
}

/** An OLE compound file holding the named streams (empty); 'WordDocument' makes it a .doc. */
export function makeCompoundFile(streams: string[] = ['WordDocument']): Buffer {
  const sector = 512
  const header = Buffer.alloc(sector)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0)
  header.writeUInt16LE(0x3e, 0x18)
  header.writeUInt16LE(3, 0x1a)
  header.writeUInt16LE(0xfffe, 0x1c)
  header.writeUInt16LE(9, 0x1e)
  header.writeUInt16LE(6, 0x20)
  header.writeUInt32LE(1, 0x2c) // one FAT sector
  header.writeUInt32LE(1, 0x30) // directory starts at sector 1
  header.writeUInt32LE(0x1000, 0x38)
  header.writeUInt32LE(0xfffffffe, 0x3c)
  header.writeUInt32LE(0xfffffffe, 0x44)
  header.fill(0xff, 0x4c, sector)
  header.writeUInt32LE(0, 0x4c) // FAT lives in sector 0

  const names = ['Root Entry', ...streams]
  const directorySectors = Math.ceil(names.length / 4)
  const fat = Buffer.alloc(sector, 0xff)
  fat.writeUInt32LE(0xfffffffd, 0) // sector 0: FAT
  for (let i = 0; i < directorySectors; i++) {
    fat.writeUInt32LE(i === directorySectors - 1 ? 0xfffffffe : 2 + i, (1 + i) * 4)
  }
  const directory = Buffer.alloc(directorySectors * sector)
  names.forEach((name, index) => {
    const entry = index * 128
    const encoded = Buffer.from(`${name}\0`, 'utf16le')
    encoded.copy(directory, entry)
    directory.writeUInt16LE(encoded.length, entry + 64)
    directory.writeUInt8(index === 0 ? 5 : 2, entry + 66)
    directory.writeUInt32LE(0xffffffff, entry + 68)
    directory.writeUInt32LE(index === 0 || index === names.length - 1 ? 0xffffffff : index + 1, entry + 72)
    directory.writeUInt32LE(index === 0 && names.length > 1 ? 1 : 0xffffffff, entry + 76)
    directory.writeUInt32LE(0xfffffffe, entry + 116)
  })
  return Buffer.concat([header, fat, directory])
}

/** A minimal ELF header: an executable by its content. */
export function makeExecutable(): Buffer {
  const bytes = Buffer.alloc(256)
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]).copy(bytes)
  return bytes
}

/** Multipart body with one file field, for inject(). */
export function multipart(
  filename: string,
  content: Buffer,
  options: { field?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mhbot${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
