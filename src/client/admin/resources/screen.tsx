import { Grid, Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ResourceInputSchema } from '../../../shared/schemas/admin'
import { type RouterOutputs, useTRPC } from '../../lib/trpc'
import { fileName } from '../ui/attachment'
import { ConfirmDialog } from '../ui/confirm'
import { PAGED, pendingId } from '../ui/list'
import { useAdminMutation } from '../ui/mutation'
import { useRecordEditor } from '../ui/record-editor'
import { useListSearch } from '../ui/search'
import { ResourceFormCard } from './form'
import { ResourceList } from './list'

export type Resource = RouterOutputs['resources']['adminList']['items'][number]
export type ResourceValues = { title: string; description: string; category: string | null }

const EMPTY_RESOURCE: ResourceValues = { title: '', description: '', category: null }

/** The file is not a form value: it travels apart (uploaded first), so its id is checked at save time. */
const FieldsSchema = ResourceInputSchema.omit({ fileId: true })

/** The resources screen (README, "The admin"): the form beside the list; a delete asks first. */
export function ResourcesScreen() {
  const trpc = useTRPC()
  const q = useListSearch()
  const resources = useInfiniteQuery(trpc.resources.adminList.infiniteQueryOptions({ q }, PAGED))
  const editor = useRecordEditor<Resource, ResourceValues>({
    noun: 'resource',
    schema: FieldsSchema,
    empty: EMPTY_RESOURCE,
    toValues: (resource) => ({
      title: resource.title,
      description: resource.description ?? '',
      category: resource.category,
    }),
    // A built-in document (no stored file) is replaced by choosing one.
    currentFile: (resource) => (resource.fileId ? { id: resource.fileId, url: resource.fileUrl } : null),
    uploadPath: '/api/upload/resource-file',
    missingFileMessage: 'Choose a PDF or Word file for the resource',
    formId: 'resource-form',
  })
  // Kept after the dialog closes, so its text stays while it fades out.
  const [toDelete, setToDelete] = useState<Resource | null>(null)
  const [confirming, setConfirming] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)

  const refresh = [trpc.resources.pathKey()]
  const saved = { refresh, form: editor.form, onSuccess: editor.toAddMode, onError: editor.keepDraftIfSignedOut }
  const create = useAdminMutation(trpc.resources.create.mutationOptions(), {
    ...saved,
    success: 'Resource added successfully',
    failure: 'Failed to add resource',
  })
  const update = useAdminMutation(trpc.resources.update.mutationOptions(), {
    ...saved,
    success: 'Resource updated successfully',
    failure: 'Failed to update resource',
  })
  const remove = useAdminMutation(trpc.resources.remove.mutationOptions(), {
    refresh,
    success: 'Resource deleted successfully',
    failure: 'Failed to delete resource',
    onSuccess: (_deleted, variables) => {
      if (editor.editing?.id === variables.id) editor.toAddMode()
    },
    afterRefresh: () => setConfirming(false),
    onError: () => setConfirming(false),
  })

  const submit = editor.submit((values, fileId, editing) => {
    // Only the file's id travels with the resource; the server reads its link and type from the stored file.
    const data = ResourceInputSchema.parse({ ...values, fileId })
    if (editing) update.mutate({ id: editing.id, data })
    else create.mutate(data)
  })

  return (
    <>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ResourceFormCard
            editor={editor}
            busy={editor.attachment.uploading || create.isPending || update.isPending}
            onSubmit={submit}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ResourceList
            list={resources}
            q={q}
            deletingId={pendingId(remove)}
            onEdit={editor.startEdit}
            onDelete={(resource) => {
              setToDelete(resource)
              setConfirming(true)
            }}
            headingRef={headingRef}
          />
        </Grid.Col>
      </Grid>
      {/* Deleting a resource deletes its stored file too, so it is never one click away. */}
      <ConfirmDialog
        opened={confirming}
        title="Delete this resource?"
        confirmLabel="Delete resource"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onCancel={() => setConfirming(false)}
        fallbackFocus={headingRef}
      >
        <Text>
          “{toDelete?.title}” and its file ({toDelete ? fileName(toDelete.fileUrl) : ''}) will be deleted from the site.
          This cannot be undone.
        </Text>
      </ConfirmDialog>
    </>
  )
}
