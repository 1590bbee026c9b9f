import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { useAdminForm } from '../ui/form'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import type { AdminListing, EvidenceDocument, ListingKind, ListingValues } from './types'
import { emptyValues, ListingFormSchema, toValues } from './values'

/** What the editor has open: a new listing of a kind, or a stored one by its id. */
export type Opened = { mode: 'new'; kind: ListingKind } | { mode: 'edit'; id: string } | null

export const EDITOR_ID = 'listing-editor'

/**
 * The listing editor's state: which listing is open (a new one of the kind chosen first, or a
 * stored one, read whole from the server), its fields checked by the schema the server parses
 * with, Save as create or update, and the evidence: uploaded at once, stored with the next save,
 * a stored document removed at once after asking.
 */
export function useListingEditor() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = [trpc.registry.pathKey()]
  const [opened, setOpened] = useState<Opened>(null)
  const form = useAdminForm<ListingValues>(ListingFormSchema, emptyValues('facility'))
  const firstFieldRef = useRef<HTMLInputElement>(null)
  const editId = opened?.mode === 'edit' ? opened.id : null
  const listing = useQuery({
    ...trpc.registry.admin.get.queryOptions({ id: editId ?? '' }),
    enabled: editId !== null,
  })
  const options = useQuery({ ...trpc.registry.admin.options.queryOptions(), enabled: opened !== null })

  // A stored listing fills the form once when it opens, and again after a save; a status change
  // fetched meanwhile does not undo what is being typed.
  const loadedFor = useRef<string | null>(null)
  const [focusNumber, setFocusNumber] = useState(false)
  const stored = listing.data && editId !== null && listing.data.id === editId ? listing.data : null
  useEffect(() => {
    if (!stored || loadedFor.current === `${stored.id}@${stored.updatedAt}`) return
    if (loadedFor.current?.startsWith(`${stored.id}@`) && form.isDirty()) return
    loadedFor.current = `${stored.id}@${stored.updatedAt}`
    const values = toValues(stored)
    form.setValues(values)
    form.resetDirty(values)
    form.clearErrors()
  }, [stored, form])
  // A stored listing opens on its number, which a screen reader then reads first; the editor's top
  // comes into view with it.
  useEffect(() => {
    if (!focusNumber || !stored) return
    setFocusNumber(false)
    requestAnimationFrame(() => {
      document.getElementById(EDITOR_ID)?.scrollIntoView({ block: 'start' })
      document.getElementById('listing-status-heading')?.focus({ preventScroll: true })
    })
  }, [focusNumber, stored])

  const bringIntoView = () =>
    requestAnimationFrame(() => {
      document.getElementById(EDITOR_ID)?.scrollIntoView({ block: 'start' })
      firstFieldRef.current?.focus({ preventScroll: true })
    })

  const openNew = (kind: ListingKind) => {
    loadedFor.current = null
    setOpened({ mode: 'new', kind })
    const values = emptyValues(kind)
    form.setValues(values)
    form.resetDirty(values)
    form.clearErrors()
    bringIntoView()
  }
  const openStored = (id: string) => {
    loadedFor.current = null
    setOpened({ mode: 'edit', id })
    form.clearErrors()
    setFocusNumber(true)
  }
  /** The editor goes; the focus to the list's heading, where the next listing is chosen. */
  const close = () => {
    loadedFor.current = null
    setOpened(null)
    requestAnimationFrame(() => document.getElementById('listings-heading')?.focus())
  }

  const create = useAdminMutation(trpc.registry.admin.create.mutationOptions(), {
    refresh,
    form,
    success: (created) => `Listing ${created.number} added`,
    failure: (_variables, error) => refusalOf(error) ?? 'Failed to add the listing',
    onSuccess: (created) => {
      loadedFor.current = null
      setOpened({ mode: 'edit', id: created.id })
      setFocusNumber(true)
    },
  })
  const update = useAdminMutation(trpc.registry.admin.update.mutationOptions(), {
    refresh,
    form,
    success: (saved) => `Listing ${saved.number} saved`,
    failure: (_variables, error) => refusalOf(error) ?? 'Failed to save the listing',
    onSuccess: (saved) => {
      loadedFor.current = null
      queryClient.setQueryData(trpc.registry.admin.get.queryKey({ id: saved.id }), saved)
    },
  })
  const removeDocument = useAdminMutation(trpc.registry.admin.removeDocument.mutationOptions(), {
    refresh,
    success: 'Document removed from the listing',
    failure: (_variables, error) => refusalOf(error) ?? 'Failed to remove the document',
    onSuccess: (_saved, variables) => dropDocument(variables.documentId),
  })

  const dropDocument = (id: string) =>
    form.setFieldValue(
      'documents',
      form.getValues().documents.filter((document) => document.id !== id),
    )
  const addDocument = (document: EvidenceDocument) =>
    form.setFieldValue('documents', [...form.getValues().documents, document])

  const submit = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => {
      if (opened?.mode === 'new') {
        create.mutate(ListingFormSchema.parse(values))
        return
      }
      if (!stored) return
      // The dates move through the status (a renewal), never through the fields, which may be stale.
      const input = ListingFormSchema.parse({ ...values, listedOn: stored.listedOn, expiresOn: stored.expiresOn })
      update.mutate({ ...input, id: stored.id })
    }, focusFirstError)(event)

  return {
    opened,
    form,
    firstFieldRef,
    listing: stored as AdminListing | null,
    listingQuery: listing,
    options: options.data ?? null,
    optionsQuery: options,
    openNew,
    openStored,
    close,
    submit,
    busy: create.isPending || update.isPending,
    addDocument,
    dropDocument,
    /** A stored document, removed at once (after the dialog asked); `done` closes the dialog either way. */
    removeStoredDocument: (document: EvidenceDocument, done: () => void) => {
      if (stored) removeDocument.mutate({ id: stored.id, documentId: document.id }, { onSettled: done })
    },
    removingDocument: removeDocument.isPending ? (removeDocument.variables?.documentId ?? null) : null,
  }
}

export type ListingEditor = ReturnType<typeof useListingEditor>
