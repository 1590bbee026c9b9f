import { Grid } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { ResourceInputSchema } from '../../shared/schemas/admin'
import {
  EMPTY_RESOURCE,
  needsFile,
  ResourceFormCard,
  resourceToFormValues,
  useResourceForm,
} from '../admin/resource-form'
import { ConfirmDeleteResource, type Resource, ResourceList } from '../admin/resource-list'
import { useAdminFailureToast } from '../admin/session'
import { uploadFile, uploadRefusalReason } from '../admin/upload'
import { pageHead } from '../lib/seo'
import { toast } from '../lib/toast'
import { useTRPC } from '../lib/trpc'

/** The resources screen (README, "The admin"); the admin layout checks sign-in. */
export const Route = createFileRoute('/admin/resources')({
  staticData: { adminTitle: 'Resources' },
  head: ({ match }) =>
    pageHead({ title: 'Resources', description: 'The council’s admin.', noindex: true }, match.context.site),
  component: Screen,
})

const MISSING_FILE = 'Choose a PDF or Word file for the resource'

function Screen() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const failed = useAdminFailureToast()
  const resources = useQuery(trpc.resources.list.queryOptions())
  const [editing, setEditing] = useState<Resource | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [toDelete, setToDelete] = useState<Resource | null>(null)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const form = useResourceForm()
  const titleRef = useRef<HTMLInputElement>(null)
  const fileRef = useRef<HTMLButtonElement>(null)
  const listHeadingRef = useRef<HTMLHeadingElement>(null)

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.resources.list.queryKey() })
  const toAddMode = () => {
    setEditing(null)
    setFile(null)
    setFileError(null)
    form.setValues(EMPTY_RESOURCE)
    form.resetDirty(EMPTY_RESOURCE)
    form.clearErrors()
  }

  /** Add and update end alike: a toast, back to add mode, and the list fetched again. */
  const saveHandlers = (success: string, failure: string) => ({
    onSuccess: async () => {
      toast({ title: 'Success', message: success, variant: 'success' })
      toAddMode()
      await refresh()
    },
    onError: (error: unknown) => failed(error, failure),
  })
  const create = useMutation(
    trpc.resources.create.mutationOptions(saveHandlers('Resource added successfully', 'Failed to add resource')),
  )
  const update = useMutation(
    trpc.resources.update.mutationOptions(saveHandlers('Resource updated successfully', 'Failed to update resource')),
  )
  const remove = useMutation(
    trpc.resources.remove.mutationOptions({
      onSuccess: async (_data, variables) => {
        toast({ title: 'Success', message: 'Resource deleted successfully', variant: 'success' })
        setConfirmOpen(false)
        if (editing?.id === variables.id) toAddMode()
        await refresh()
        // The card and its buttons are gone; the list's heading keeps the keyboard user's place.
        listHeadingRef.current?.focus()
      },
      onError: (error) => {
        setConfirmOpen(false)
        failed(error, 'Failed to delete resource')
      },
    }),
  )

  const chooseFile = (chosen: File | null) => {
    setFile(chosen)
    setFileError(null)
  }

  const startEdit = (resource: Resource) => {
    setEditing(resource)
    setFile(null)
    setFileError(null)
    form.setValues(resourceToFormValues(resource))
    form.clearErrors()
    // On one column the form sits above the list, out of sight: bring it to the admin.
    titleRef.current?.focus()
  }

  const askDelete = (resource: Resource) => {
    setToDelete(resource)
    setConfirmOpen(true)
  }

  const submit = form.onSubmit(
    async (values) => {
      if (!file && needsFile(editing)) {
        setFileError(MISSING_FILE)
        return
      }
      // Only the file's id travels with the resource; the server reads its link and type from the stored file.
      let fileId = editing?.fileId ?? null
      if (file) {
        setUploading(true)
        try {
          fileId = (await uploadFile('/api/upload/resource-file', file)).fileId
        } catch (error) {
          // The form keeps everything typed; the refusal stays beside the file until another is chosen.
          const reason = uploadRefusalReason(error)
          if (reason) setFileError(reason)
          failed(error, reason ?? 'Failed to upload the file')
          fileRef.current?.focus()
          return
        } finally {
          setUploading(false)
        }
      }
      const data = ResourceInputSchema.parse({ ...values, fileId })
      if (editing) update.mutate({ id: editing.id, data })
      else create.mutate(data)
    },
    () => {
      // The fields' own errors show together with a missing file's, not one round after another.
      if (!file && needsFile(editing)) setFileError(MISSING_FILE)
    },
  )

  return (
    <>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ResourceFormCard
            form={form}
            editing={editing}
            file={file}
            onFileChange={chooseFile}
            fileError={fileError}
            busy={uploading || create.isPending || update.isPending}
            onSubmit={submit}
            onCancel={toAddMode}
            titleRef={titleRef}
            fileRef={fileRef}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ResourceList
            resources={resources.data}
            loading={resources.isPending}
            failed={resources.isError && resources.data === undefined}
            onRetry={() => resources.refetch()}
            deletingId={remove.isPending && typeof remove.variables?.id === 'number' ? remove.variables.id : null}
            onEdit={startEdit}
            onDelete={askDelete}
            headingRef={listHeadingRef}
          />
        </Grid.Col>
      </Grid>
      <ConfirmDeleteResource
        resource={toDelete}
        opened={confirmOpen}
        busy={remove.isPending}
        onConfirm={(resource) => remove.mutate({ id: resource.id })}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  )
}
