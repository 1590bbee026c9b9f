import { Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { ResourceInputSchema } from '../../../shared/schemas/admin'
import { useTRPC } from '../../lib/trpc'
import { fileName } from '../ui/attachment'
import { useConfirmedDelete } from '../ui/confirm'
import { BesideList } from '../ui/editor-card'
import { PAGED } from '../ui/list'
import { confirmDeleteTexts, leaveIfDeleted, useRecordEditor, useRecordSave } from '../ui/record-editor'
import { deleteActions } from '../ui/row-actions'
import { useListSearch } from '../ui/search'
import { ResourceFormCard } from './form'
import { ResourceList } from './list'
import type { Resource, ResourceValues } from './types'

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
  const headingRef = useRef<HTMLHeadingElement>(null)

  const refresh = [trpc.resources.pathKey()]
  const save = useRecordSave(editor, trpc.resources, {
    // Only the file's id travels with the resource; the server reads its link and type from the stored file.
    toData: (values, fileId) => ResourceInputSchema.parse({ ...values, fileId }),
    noun: 'Resource',
    refresh,
  })
  // Deleting a resource deletes its stored file too, so it is never one click away.
  const remove = useConfirmedDelete<Resource>(trpc.resources.remove.mutationOptions(), {
    refresh,
    ...confirmDeleteTexts('Resource'),
    onDeleted: leaveIfDeleted(editor.editing, editor.toAddMode),
    body: (resource) => (
      <Text>
        “{resource.title}” and its file ({fileName(resource.fileUrl)}) will be deleted from the site. This cannot be
        undone.
      </Text>
    ),
    fallbackFocus: headingRef,
  })

  return (
    <>
      <BesideList
        form={<ResourceFormCard editor={editor} save={save} />}
        list={
          <ResourceList list={resources} {...deleteActions(remove)} onEdit={editor.startEdit} headingRef={headingRef} />
        }
      />
      {remove.dialog}
    </>
  )
}
