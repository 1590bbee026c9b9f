import { useInfiniteQuery } from '@tanstack/react-query'
import { ResearchStudyInputSchema } from '../../../shared/schemas/research-study'
import { useTRPC } from '../../lib/trpc'
import { BesideList } from '../ui/editor-card'
import { PAGED, pendingId } from '../ui/list'
import { useAdminMutation } from '../ui/mutation'
import { deleteTexts, useRecordEditor, useRecordSave } from '../ui/record-editor'
import { useListSearch } from '../ui/search'
import { StudyFormCard } from './form'
import { StudyList } from './list'
import type { Study, StudyValues } from './types'

const EMPTY_STUDY: StudyValues = {
  title: '',
  authors: '',
  journal: '',
  year: '',
  volume: '',
  issue: '',
  pages: '',
  category: null,
  url: '',
  summary: '',
}

const toValues = (study: Study): StudyValues => ({
  title: study.title,
  authors: study.authors ?? '',
  journal: study.journal ?? '',
  year: study.year ?? '',
  volume: study.volume ?? '',
  issue: study.issue ?? '',
  pages: study.pages ?? '',
  category: study.category,
  url: study.url,
  summary: study.summary ?? '',
})

/** What saving `study` again takes: its fields and its file (kept until the housekeeping's next day). */
const asInput = (study: Study) =>
  ResearchStudyInputSchema.parse({ ...toValues(study), attachmentFileId: study.attachmentFileId })

/** The research studies screen (docs/product.md#pages, "Admin"): the form beside the list. */
export function StudiesScreen() {
  const trpc = useTRPC()
  const q = useListSearch()
  const studies = useInfiniteQuery(trpc.researchStudies.adminList.infiniteQueryOptions({ q }, PAGED))
  const editor = useRecordEditor<Study, StudyValues>({
    noun: 'study',
    schema: ResearchStudyInputSchema,
    empty: EMPTY_STUDY,
    toValues,
    currentFile: (study) =>
      study.attachmentFileId && study.attachmentUrl ? { id: study.attachmentFileId, url: study.attachmentUrl } : null,
    uploadPath: '/api/upload/research-attachment',
    formId: 'study-form',
  })
  // The library's lists too: a visit to /research afterwards must not show the cached ones.
  const refresh = [trpc.researchStudies.pathKey()]
  const save = useRecordSave(editor, trpc.researchStudies, {
    // Only the file's id travels with the study; the server makes the link.
    toData: (values, attachmentFileId) => ResearchStudyInputSchema.parse({ ...values, attachmentFileId }),
    noun: 'Research study',
    refresh,
  })
  const restore = useAdminMutation(trpc.researchStudies.create.mutationOptions(), {
    refresh,
    success: 'Research study restored',
    failure: 'Failed to restore research study',
  })
  // No confirmation before a delete (the product says so); the success toast offers Undo for its 5 s.
  const remove = useAdminMutation(trpc.researchStudies.remove.mutationOptions(), {
    refresh,
    ...deleteTexts('Research study'),
    undo: (deleted) => () => restore.mutate(asInput(deleted)),
    onSuccess: (_deleted, variables) => {
      if (editor.editing?.id === variables.id) editor.toAddMode()
    },
  })

  return (
    <BesideList
      form={<StudyFormCard editor={editor} save={save} />}
      list={
        <StudyList
          list={studies}
          deletingId={pendingId(remove)}
          onEdit={editor.startEdit}
          onDelete={(study) => remove.mutate({ id: study.id })}
        />
      }
    />
  )
}
