import { Anchor, Checkbox, FileInput } from '@mantine/core'
import { type RefObject, useRef, useState } from 'react'
import { ATTACHMENT_EXTENSIONS } from '../../../shared/constants'
import { isUnauthorizedError } from '../../../shared/http-error'
import { useSite } from '../../lib/site'
import { toast } from '../../lib/toast'
import { useAdminFailureToast } from '../session'
import fieldClasses from './fields.module.css'
import { refuseChosenFile, uploadFile, uploadRefusalReason } from './upload'

/** The file a record has now, as the form names it: its link, and the name it was stored under. */
export type CurrentFile = { id: string; url: string }

/** The stored file's name, which the server keeps as its link's last segment. */
export const fileName = (url: string) => {
  const last = url.split('/').pop() ?? ''
  try {
    return decodeURIComponent(last) || url
  } catch {
    return last || url
  }
}

export type AttachmentOutcome = { saved: false } | { saved: true; fileId: string | null }

/**
 * The one upload controller of the admin's records with a file (studies, resources): the same size
 * and type check before a byte is sent, the same texts, and one rule: a refused file blocks the save
 * (its reason stays beside the field) until it is removed or replaced.
 */
export function useAttachment(options: {
  /** The upload route (REST multipart, docs/decisions/007-uploads-over-rest-multipart.md). */
  path: string
  /** Said when a record that needs a file is saved without one; absent when the file is optional. */
  missingMessage?: string
  /** A save refused because the session expired: the caller keeps the form for after the new sign-in. */
  onSignedOut: (error: unknown) => void
}) {
  const { uploadMaxMb } = useSite()
  const failed = useAdminFailureToast()
  const [file, setFile] = useState<File | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const [removeCurrent, setRemoveCurrent] = useState(false)
  const [uploading, setUploading] = useState(false)
  const fieldRef = useRef<HTMLButtonElement>(null)

  const choose = (chosen: File | null) => {
    setFile(chosen)
    setMissing(false)
    setRefusal(chosen ? refuseChosenFile(chosen, uploadMaxMb) : null)
  }
  const reset = () => {
    choose(null)
    setRemoveCurrent(false)
  }
  const refuse = (message: string) => {
    toast({ title: 'Error', message, variant: 'destructive' })
    fieldRef.current?.focus()
  }

  /** With the fields' own errors: a record that needs a file says so beside them, not one round later. */
  const checkMissing = (current: CurrentFile | null) => {
    const isMissing = Boolean(options.missingMessage) && !file && !current
    setMissing(isMissing)
    return isMissing
  }

  /** Uploads the chosen file, if any, and gives the file id the record is to be saved with. */
  const fileIdForSave = async (current: CurrentFile | null): Promise<AttachmentOutcome> => {
    if (file && refusal) {
      refuse(`Not saved: ${refusal}. Remove the file or choose another one.`)
      return { saved: false }
    }
    if (checkMissing(current)) return { saved: false }
    if (!file) return { saved: true, fileId: removeCurrent ? null : (current?.id ?? null) }
    setUploading(true)
    try {
      return { saved: true, fileId: (await uploadFile(options.path, file)).fileId }
    } catch (error) {
      if (isUnauthorizedError(error)) {
        options.onSignedOut(error)
        failed(error, '')
        return { saved: false }
      }
      // The specified text, then the server's reason (the size limit, or not a PDF or Word file),
      // which stays beside the field: the file is refused until it is replaced.
      const reason = uploadRefusalReason(error)
      if (reason) setRefusal(reason)
      refuse(reason ? `Failed to upload attachment: ${reason}` : 'Failed to upload attachment')
      return { saved: false }
    } finally {
      setUploading(false)
    }
  }

  return {
    file,
    error: refusal ?? (missing ? (options.missingMessage ?? null) : null),
    removeCurrent,
    setRemoveCurrent,
    uploading,
    uploadMaxMb,
    fieldRef,
    choose,
    reset,
    checkMissing,
    fileIdForSave,
  }
}

export type Attachment = ReturnType<typeof useAttachment>

type FieldProps = {
  attachment: Attachment
  label: string
  placeholder: string
  /** The record's file now; a link to it is offered while editing. */
  current: CurrentFile | null
  required?: boolean
  /** "Remove the current attachment when saving", for a record whose file is optional. */
  removable?: boolean
}

/** The file field of every admin form: the limit, the current file's link, and why a file is refused. */
export function AttachmentField({ attachment, label, placeholder, current, required, removable }: FieldProps) {
  const limit = `PDF or Word, up to ${attachment.uploadMaxMb} MB.`
  const link = current ? (
    <Anchor href={current.url} target="_blank" rel="noopener noreferrer" inherit className={fieldClasses.fileName}>
      {fileName(current.url)}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </Anchor>
  ) : null
  const description = !link ? (
    limit
  ) : attachment.file ? (
    <>
      Replaces {link} when saved. {limit}
    </>
  ) : attachment.removeCurrent ? (
    <>
      {link} is removed when saved. {limit}
    </>
  ) : (
    <>
      Current file: {link}. Choose a file only to replace it. {limit}
    </>
  )
  return (
    <>
      <FileInput
        ref={attachment.fieldRef as RefObject<HTMLButtonElement>}
        label={label}
        placeholder={placeholder}
        required={required}
        accept={ATTACHMENT_EXTENSIONS.join(',')}
        clearable
        value={attachment.file}
        onChange={attachment.choose}
        error={attachment.error}
        description={description}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
        clearButtonProps={{ 'aria-label': 'Clear chosen file' }}
        classNames={fieldClasses}
      />
      {removable && current && !attachment.file ? (
        <Checkbox
          label="Remove the current attachment when saving"
          checked={attachment.removeCurrent}
          onChange={(event) => attachment.setRemoveCurrent(event.currentTarget.checked)}
        />
      ) : null}
    </>
  )
}
