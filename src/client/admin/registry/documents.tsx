import { Anchor, Button, FileInput, Group, Stack, Text } from '@mantine/core'
import { useRef, useState } from 'react'
import { z } from 'zod'
import { attachmentTooLargeMessage } from '../../../shared/constants'
import { isUnauthorizedError } from '../../../shared/http-error'
import { apiRequest } from '../../lib/api'
import { useSite } from '../../lib/site'
import { useAdminFailureToast } from '../session'
import { AdminDate } from '../ui/dates'
import fieldClasses from '../ui/fields.module.css'
import classes from '../ui/lists.module.css'
import { uploadRefusalReason } from '../ui/upload'
import type { EvidenceDocument } from './types'

const UPLOAD_PATH = '/api/upload/registry-document'
const PDF_ONLY = 'Only PDF (.pdf) files are accepted'

/** The upload's answer (the contract's RegistryDocumentUpload), checked rather than trusted. */
const UploadAnswerSchema = z.object({ id: z.string().uuid(), filename: z.string().min(1), size: z.number().int() })

/** The private download: the council's members only, never cached, saved as the file it was. */
export const documentPath = (id: string) => `/api/admin/registry/documents/${encodeURIComponent(id)}`

const readableSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

type Props = {
  documents: EvidenceDocument[]
  onAdded: (document: EvidenceDocument) => void
  onRemove: (document: EvidenceDocument) => void
  /** The id of a stored document whose removal is under way. */
  removing: string | null
  /** The form's message for the documents (too many, one twice). */
  error?: string
}

/**
 * The evidence PDFs, private to the council: each chosen file is checked (PDF, the size limit) before
 * a byte is sent, uploaded at once over the kit's REST multipart path, and stored with the listing
 * at its next save; each listed with its private download link and a remove action. A refused file
 * says why beside the field, in the server's words when the server refused it.
 */
export function EvidenceDocuments({ documents, onAdded, onRemove, removing, error }: Props) {
  const { uploadMaxMb } = useSite()
  const failed = useAdminFailureToast()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const fieldRef = useRef<HTMLButtonElement>(null)

  const choose = async (file: File | null) => {
    setRefusal(null)
    if (!file) return
    if (!file.name.toLowerCase().endsWith('.pdf')) return setRefusal(PDF_ONLY)
    if (file.size > uploadMaxMb * 1024 * 1024) return setRefusal(attachmentTooLargeMessage(uploadMaxMb))
    setUploading(true)
    try {
      const body = new FormData()
      body.append('file', file)
      const answer = UploadAnswerSchema.parse(await (await apiRequest('POST', UPLOAD_PATH, body)).json())
      onAdded({ ...answer, uploadedAt: null })
    } catch (caught) {
      if (isUnauthorizedError(caught)) {
        // The toast says the session expired, and the sign-in follows.
        failed(caught, '')
        return
      }
      const reason = uploadRefusalReason(caught)
      setRefusal(reason ?? 'The file could not be uploaded. Check the connection and try again.')
      fieldRef.current?.focus()
    } finally {
      setUploading(false)
    }
  }

  return (
    <Stack gap="xs">
      <FileInput
        ref={fieldRef}
        label="Add a PDF"
        description={`Private to the council, never shown on the registry. PDF, up to ${uploadMaxMb} MB each.`}
        placeholder={uploading ? 'Uploading…' : 'Choose a PDF to add'}
        accept=".pdf,application/pdf"
        value={null}
        disabled={uploading}
        onChange={(file) => void choose(file)}
        error={refusal ? `Not added: ${refusal}` : error}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
        classNames={fieldClasses}
        data-testid="evidence-input"
      />
      {documents.length > 0 ? (
        <ul className={classes.list} aria-label="Evidence documents" data-testid="evidence-documents">
          {documents.map((document) => (
            <li key={document.id} className={classes.card} data-testid="evidence-document">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} className={classes.wrap} style={{ flex: '1 1 180px' }}>
                  <Anchor
                    href={documentPath(document.id)}
                    download={document.filename}
                    className={fieldClasses.fileName}
                  >
                    {document.filename}
                  </Anchor>
                  <Text size="sm" c="dark.6">
                    {readableSize(document.size)} ·{' '}
                    {document.uploadedAt ? (
                      <>
                        added <AdminDate value={document.uploadedAt} time={false} />
                      </>
                    ) : (
                      'stored with the listing when it is saved'
                    )}
                  </Text>
                </Stack>
                <Button
                  variant="outline"
                  color="red.9"
                  h={44}
                  loading={removing === document.id}
                  onClick={() => onRemove(document)}
                >
                  Remove<span className="visually-hidden"> {document.filename}</span>
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" c="dark.6">
          No evidence attached yet.
        </Text>
      )}
    </Stack>
  )
}
