import { z } from 'zod'

/** The answer to an attachment upload: the file's link and the id a study save refers to. */
export const UploadAnswerSchema = z.object({
  webViewLink: z.string().startsWith('/files/'),
  fileId: z.string().uuid(),
})
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>
