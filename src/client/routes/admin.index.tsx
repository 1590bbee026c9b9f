import { Grid } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { isUnauthorizedError } from '../../shared/http-error'
import { ResearchStudyInputSchema } from '../../shared/schemas/research-study'
import { useAdminFailureToast } from '../admin/session'
import { EMPTY_STUDY, StudyFormCard, studyToFormValues, useStudyForm } from '../admin/study-form'
import { type Study, StudyList } from '../admin/study-list'
import { uploadAttachment, uploadRefusalReason } from '../admin/upload'
import { toHttpError } from '../lib/api'
import { pageHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { toast } from '../lib/toast'
import { useTRPC } from '../lib/trpc'

/** The research studies screen (docs/product.md#pages, "Admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/')({
  staticData: { adminTitle: 'Research Studies Admin' },
  head: ({ match }) =>
    pageHead(
      { title: 'Research Studies Admin', description: 'Manage the research studies of the library.', noindex: true },
      match.context.site,
    ),
  component: StudiesScreen,
})

/** Where a study being edited waits, in this tab only, while the editor signs in again. */
const DRAFT_KEY = 'mhbot.admin.study-draft'
type Draft = { values: ReturnType<ReturnType<typeof useStudyForm>['getValues']>; editingId: number | null }

function readDraft(): Draft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY)
    return raw ? (JSON.parse(raw) as Draft) : null
  } catch {
    return null
  }
}

function StudiesScreen() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const failed = useAdminFailureToast()
  const studies = useQuery(trpc.researchStudies.list.queryOptions())
  const [editing, setEditing] = useState<Study | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [removeAttachment, setRemoveAttachment] = useState(false)
  const [uploading, setUploading] = useState(false)
  const form = useStudyForm()
  const titleRef = useRef<HTMLInputElement>(null)
  const { uploadMaxMb } = useSite()

  /** A file over the limit is refused here, before a byte is sent; the field says why. */
  const chooseFile = (chosen: File | null) => {
    setFileError(null)
    if (chosen && chosen.size > uploadMaxMb * 1024 * 1024) {
      setFile(null)
      setFileError(`The file is larger than ${uploadMaxMb} MB`)
      return
    }
    setFile(chosen)
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.researchStudies.list.queryKey() })
  const toAddMode = () => {
    setEditing(null)
    setFile(null)
    setFileError(null)
    setRemoveAttachment(false)
    form.setValues(EMPTY_STUDY)
    form.resetDirty(EMPTY_STUDY)
    form.clearErrors()
  }

  /** A save refused because the session expired keeps the form in this tab, for after the new sign-in. */
  const keepDraftIfSignedOut = (error: unknown) => {
    if (!isUnauthorizedError(toHttpError(error))) return
    const draft: Draft = { values: form.getValues(), editingId: editing?.id ?? null }
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft))
  }

  // Back from signing in again: the study being edited comes back as it was typed (a chosen file
  // cannot be kept by the browser, and must be chosen again).
  const restoredDraft = useRef(false)
  useEffect(() => {
    if (restoredDraft.current || !studies.data) return
    restoredDraft.current = true
    const draft = readDraft()
    if (!draft) return
    sessionStorage.removeItem(DRAFT_KEY)
    const study = draft.editingId === null ? null : (studies.data.find((row) => row.id === draft.editingId) ?? null)
    setEditing(study)
    form.setValues(draft.values)
    toast({ title: 'Restored', message: 'Your unsaved changes to the study are back in the form.' })
  }, [studies.data, form])

  /** Add and update end alike: a toast, back to add mode, and the list fetched again. */
  const saveHandlers = (success: string, failure: string) => ({
    onSuccess: async () => {
      toast({ title: 'Success', message: success, variant: 'success' })
      toAddMode()
      await refresh()
    },
    onError: (error: unknown) => {
      keepDraftIfSignedOut(error)
      failed(error, failure)
    },
  })
  const create = useMutation(
    trpc.researchStudies.create.mutationOptions(
      saveHandlers('Research study added successfully', 'Failed to add research study'),
    ),
  )
  const update = useMutation(
    trpc.researchStudies.update.mutationOptions(
      saveHandlers('Research study updated successfully', 'Failed to update research study'),
    ),
  )
  /** Undo of a delete: the study is saved again, with its file (kept until the housekeeping's next day). */
  const restore = useMutation(
    trpc.researchStudies.create.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Success', message: 'Research study restored', variant: 'success' })
        await refresh()
      },
      onError: (error) => failed(error, 'Failed to restore research study'),
    }),
  )
  const remove = useMutation(
    trpc.researchStudies.remove.mutationOptions({
      onSuccess: async (deleted, variables) => {
        // No confirmation before a delete (the product says so); the success toast offers Undo for its 5 s.
        toast({
          title: 'Success',
          message: 'Research study deleted successfully',
          variant: 'success',
          action: {
            label: 'Undo',
            onClick: () =>
              restore.mutate(
                ResearchStudyInputSchema.parse({
                  title: deleted.title,
                  authors: deleted.authors,
                  journal: deleted.journal,
                  year: deleted.year,
                  category: deleted.category,
                  url: deleted.url,
                  summary: deleted.summary,
                  attachmentFileId: deleted.attachmentFileId,
                }),
              ),
          },
        })
        if (editing?.id === variables.id) toAddMode()
        await refresh()
      },
      onError: (error) => failed(error, 'Failed to delete research study'),
    }),
  )

  const startEdit = (study: Study) => {
    setEditing(study)
    setFile(null)
    setFileError(null)
    setRemoveAttachment(false)
    form.setValues(studyToFormValues(study))
    form.clearErrors()
    // On a phone the form is above the list, out of sight: bring it into view, title first.
    requestAnimationFrame(() => {
      if (window.matchMedia('(max-width: 61.99em)').matches) {
        document.getElementById('study-form')?.scrollIntoView({ block: 'start' })
      }
      titleRef.current?.focus({ preventScroll: true })
    })
  }

  const submit = form.onSubmit(async (values) => {
    // Only the file's id travels with the study; the server makes the link.
    let attachmentFileId = removeAttachment ? null : (editing?.attachmentFileId ?? null)
    if (file) {
      setUploading(true)
      try {
        attachmentFileId = (await uploadAttachment(file)).fileId
      } catch (error) {
        if (isUnauthorizedError(error)) {
          keepDraftIfSignedOut(error)
          failed(error, '')
          return
        }
        // The specified text, then the server's reason (the size limit, or not a PDF or Word file).
        const reason = uploadRefusalReason(error)
        toast({
          title: 'Error',
          message: reason ? `Failed to upload attachment: ${reason}` : 'Failed to upload attachment',
          variant: 'destructive',
        })
        if (reason) setFileError(reason)
        return
      } finally {
        setUploading(false)
      }
    }
    const data = ResearchStudyInputSchema.parse({ ...values, attachmentFileId })
    if (editing) update.mutate({ id: editing.id, data })
    else create.mutate(data)
  })

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <StudyFormCard
          form={form}
          editing={editing}
          file={file}
          onFileChange={chooseFile}
          fileError={fileError}
          removeAttachment={removeAttachment}
          onRemoveAttachmentChange={setRemoveAttachment}
          uploadMaxMb={uploadMaxMb}
          titleRef={titleRef}
          busy={uploading || create.isPending || update.isPending}
          onSubmit={submit}
          onCancel={toAddMode}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <StudyList
          studies={studies.data}
          loading={studies.isPending}
          deletingId={remove.isPending && typeof remove.variables?.id === 'number' ? remove.variables.id : null}
          onEdit={startEdit}
          onDelete={(study) => remove.mutate({ id: study.id })}
        />
      </Grid.Col>
    </Grid>
  )
}
