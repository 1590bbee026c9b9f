import type { QueryKey, UseMutationOptions } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { isUnauthorizedError } from '../../../shared/http-error'
import { toHttpError } from '../../lib/api'
import { focusFirstError } from '../../lib/focus-first-error'
import { toast } from '../../lib/toast'
import { type CurrentFile, useAttachment } from './attachment'
import { useAdminForm } from './form'
import { useAdminMutation } from './mutation'

type Config<Row extends { id: number }, Values extends Record<string, unknown>> = {
  /** 'study', 'resource': what the draft's toast calls the record. */
  noun: string
  /** The form's fields, checked by the schema the server parses with (without the file, which travels apart). */
  schema: z.ZodType
  empty: Values
  toValues: (row: Row) => Values
  /** The record's file, if it has one. */
  currentFile: (row: Row) => CurrentFile | null
  uploadPath: string
  /** Set for records that cannot be saved without a file. */
  missingFileMessage?: string
  /** The form card's id, brought into view on a phone when editing starts. */
  formId: string
}

type Draft<Row, Values> = { values: Values; editing: Row | null }

/**
 * The add-or-edit form beside an admin list, for records with a file (studies, resources): its
 * modes (add by default; edit fills the form and clears a chosen file; cancel or a save returns to
 * add), the one upload controller, and a draft kept in this tab when the session expires, restored
 * after the new sign-in (a chosen file cannot be kept by the browser and must be chosen again).
 */
export function useRecordEditor<Row extends { id: number }, Values extends Record<string, unknown>>(
  config: Config<Row, Values>,
) {
  const draftKey = `mhbot.admin.${config.noun}-draft`
  const form = useAdminForm<Values>(config.schema, config.empty)
  const [editing, setEditing] = useState<Row | null>(null)
  const titleRef = useRef<HTMLInputElement>(null)

  /** A save refused because the session expired keeps the form in this tab, for after the new sign-in. */
  const keepDraftIfSignedOut = (error: unknown) => {
    if (!isUnauthorizedError(toHttpError(error))) return
    const draft: Draft<Row, Values> = { values: form.getValues(), editing }
    sessionStorage.setItem(draftKey, JSON.stringify(draft))
  }
  const attachment = useAttachment({
    path: config.uploadPath,
    missingMessage: config.missingFileMessage,
    onSignedOut: keepDraftIfSignedOut,
  })

  const restored = useRef(false)
  useEffect(() => {
    if (restored.current) return
    restored.current = true
    let draft: Draft<Row, Values> | null = null
    try {
      draft = JSON.parse(sessionStorage.getItem(draftKey) ?? 'null') as Draft<Row, Values> | null
    } catch {}
    sessionStorage.removeItem(draftKey)
    if (!draft) return
    setEditing(draft.editing)
    form.setValues(draft.values)
    toast({ title: 'Restored', message: `Your unsaved changes to the ${config.noun} are back in the form.` })
  }, [draftKey, form, config.noun])

  const toAddMode = () => {
    setEditing(null)
    attachment.reset()
    form.setValues(config.empty)
    form.resetDirty(config.empty)
    form.clearErrors()
  }

  const startEdit = (row: Row) => {
    setEditing(row)
    attachment.reset()
    form.setValues(config.toValues(row))
    form.clearErrors()
    // On a phone the form is above the list, out of sight: bring it into view, title first.
    requestAnimationFrame(() => {
      if (window.matchMedia('(max-width: 61.99em)').matches) {
        document.getElementById(config.formId)?.scrollIntoView({ block: 'start' })
      }
      titleRef.current?.focus({ preventScroll: true })
    })
  }

  const current = editing ? config.currentFile(editing) : null

  /** The form's submit: fields checked, the file uploaded (or refused), then `save` with its id. */
  const submit =
    (save: (values: Values, fileId: string | null, editing: Row | null) => void) =>
    (event?: FormEvent<HTMLFormElement>) =>
      form.onSubmit(
        async (values) => {
          const outcome = await attachment.fileIdForSave(current)
          if (outcome.saved) save(values, outcome.fileId, editing)
        },
        (errors, values, submitEvent) => {
          attachment.checkMissing(current)
          focusFirstError(errors, values, submitEvent)
        },
      )(event)

  return {
    formId: config.formId,
    form,
    editing,
    current,
    titleRef,
    attachment,
    toAddMode,
    startEdit,
    keepDraftIfSignedOut,
    submit,
  }
}

export type RecordEditor<Row extends { id: number }, Values extends Record<string, unknown>> = ReturnType<
  typeof useRecordEditor<Row, Values>
>

/** A record's delete toasts, in the words of its add and update: 'Research study deleted successfully'. */
export const deleteTexts = (noun: string) => ({
  success: `${noun} deleted successfully`,
  failure: `Failed to delete ${noun.toLowerCase()}`,
})

/** After a delete: the editor leaves the record it had open if that is the one that went. */
export const leaveIfDeleted = (editing: { id: number } | null, leave: () => void) => (id: number | string) => {
  if (editing?.id === id) leave()
}

/** A record's delete confirmation in the same words: 'Delete this resource?', 'Delete resource'. */
export const confirmDeleteTexts = (noun: string) => ({
  ...deleteTexts(noun),
  title: `Delete this ${noun.toLowerCase()}?`,
  confirmLabel: `Delete ${noun.toLowerCase()}`,
})

type SaveConfig<Values, Data> = {
  /** The values and the file id as the shared schema's output, which both procedures take. */
  toData: (values: Values, fileId: string | null) => Data
  /** What the toasts call the record: 'Research study' added successfully, Failed to add research study. */
  noun: string
  /** The lists the record shows in (the activity log is refreshed anyway). */
  refresh: QueryKey[]
}

/**
 * Add and update end alike: the toast, back to add mode, the lists fetched again; a session that
 * expired keeps the draft. Returns the form's submit and whether a save is under way.
 */
export function useRecordSave<Row extends { id: number }, Values extends Record<string, unknown>, Data>(
  editor: RecordEditor<Row, Values>,
  /** The record's router (`trpc.researchStudies`): its create takes the record (Data), its update `{ id, data }`. */
  procedures: { create: { mutationOptions: () => object }; update: { mutationOptions: () => object } },
  config: SaveConfig<Values, Data>,
) {
  const ends = (verb: 'add' | 'update', done: 'added' | 'updated') => ({
    refresh: config.refresh,
    form: editor.form,
    onSuccess: editor.toAddMode,
    onError: editor.keepDraftIfSignedOut,
    success: `${config.noun} ${done} successfully`,
    failure: `Failed to ${verb} ${config.noun.toLowerCase()}`,
  })
  // The procedures' types come from their zod inputs (ids as `unknown`), which Data, the schema's
  // output, satisfies; the success and failure texts need nothing of their answers.
  const create = useAdminMutation(
    procedures.create.mutationOptions() as UseMutationOptions<unknown, unknown, Data, unknown>,
    ends('add', 'added'),
  )
  const update = useAdminMutation(
    procedures.update.mutationOptions() as UseMutationOptions<unknown, unknown, { id: number; data: Data }, unknown>,
    ends('update', 'updated'),
  )
  const submit = editor.submit((values, fileId, editing) => {
    const data = config.toData(values, fileId)
    if (editing) update.mutate({ id: editing.id, data })
    else create.mutate(data)
  })
  return { submit, busy: editor.attachment.uploading || create.isPending || update.isPending }
}
