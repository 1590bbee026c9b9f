import { ATTACHMENT_EXTENSIONS, ATTACHMENT_TYPE_MESSAGE, attachmentTooLargeMessage } from '../../../shared/constants'
import { type UploadAnswer, UploadAnswerSchema } from '../../../shared/schemas/upload'
import { apiRequest } from '../../lib/api'

/** Uploads over REST multipart (docs/decisions/007-uploads-over-rest-multipart.md); the answer is checked, not trusted. */
export async function uploadFile(path: string, file: File): Promise<UploadAnswer> {
  const body = new FormData()
  body.append('file', file)
  const response = await apiRequest('POST', path, body)
  return UploadAnswerSchema.parse(await response.json())
}

/**
 * Why the browser refuses a chosen file before a byte is sent, in the server's own words (its
 * extension is not .pdf, .doc or .docx, or it is over the limit); null when it may be sent. The
 * server still checks the content.
 */
export function refuseChosenFile(file: { name: string; size: number }, maxMb: number): string | null {
  const name = file.name.toLowerCase()
  if (!ATTACHMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) return ATTACHMENT_TYPE_MESSAGE
  if (file.size > maxMb * 1024 * 1024) return attachmentTooLargeMessage(maxMb)
  return null
}

/** Refusals that describe the file itself (empty, too large, not a PDF or Word file), so the admin can act on them. */
const FILE_REFUSALS = new Set([400, 413, 415])

/**
 * The server's own reason for refusing an uploaded file, from apiRequest's "status: body" error;
 * null for anything else (no connection, session expired, a server fault), which the caller words.
 */
export function uploadRefusalReason(error: unknown): string | null {
  const match = error instanceof Error ? /^(\d{3}): ([\s\S]*)$/.exec(error.message) : null
  if (!match || !FILE_REFUSALS.has(Number(match[1]))) return null
  // A proxy in front of the server may refuse a large body with its own page instead of our JSON.
  const fallback = match[1] === '413' ? 'The file is too large to upload' : null
  try {
    const message = (JSON.parse(match[2] ?? '') as { message?: unknown }).message
    return typeof message === 'string' && message.trim() ? message : fallback
  } catch {
    return fallback
  }
}
