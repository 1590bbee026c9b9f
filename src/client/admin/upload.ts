import { type UploadAnswer, UploadAnswerSchema } from '../../shared/schemas/upload'
import { apiRequest } from '../lib/api'

/** Uploads over REST multipart (docs/decisions/007-uploads-over-rest-multipart.md); the answer is checked, not trusted. */
export async function uploadAttachment(file: File): Promise<UploadAnswer> {
  const body = new FormData()
  body.append('file', file)
  const response = await apiRequest('POST', '/api/upload/research-attachment', body)
  return UploadAnswerSchema.parse(await response.json())
}
