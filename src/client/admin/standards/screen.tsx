import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import lists from '../ui/lists.module.css'
import { QueryState } from '../ui/query-state'
import { SearchBox, useListSearch } from '../ui/search'
import { useVersionSteps } from './confirmations'
import { DocumentCard } from './document'
import { NewDocumentForm } from './new-document'
import type { StandardDocument } from './types'

/** The search as the activity log links to a standard: by its number, or a word of its title. */
const matches = (q: string | undefined) => (document: StandardDocument) =>
  !q || [document.number, document.key, document.title].some((text) => text.toLowerCase().includes(q.toLowerCase()))

/**
 * The standards (docs/decisions/028-standards-as-versioned-documents.md): every document with every
 * version, drafts included, and the steps of the one being worked on: edit, public review, the
 * subscribers told, publication, or withdrawal.
 */
export function StandardsScreen() {
  const trpc = useTRPC()
  const standards = useQuery(trpc.standards.adminList.queryOptions())
  const q = useListSearch()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const steps = useVersionSteps(headingRef)
  const [editing, setEditing] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const newDocument = useRef<HTMLButtonElement>(null)

  return (
    <Box component="section" aria-labelledby="standards-heading">
      <Title order={2} size="h3" id="standards-heading" ref={headingRef} tabIndex={-1} mb="md">
        Documents and versions
      </Title>
      <div className={lists.toolbar}>
        <SearchBox label="Search standards" description="Number or title" />
      </div>
      {creating ? (
        <Card withBorder p={{ base: 'md', sm: 'lg' }} radius="md" mb="lg">
          <NewDocumentForm
            onCreated={(key, version) => {
              setCreating(false)
              // The new draft opens in the editor: writing its text is what comes next.
              setEditing(`${key}/${version}`)
              requestAnimationFrame(() => window.document.getElementById(`standard-${key}`)?.focus())
            }}
            onCancel={() => {
              setCreating(false)
              requestAnimationFrame(() => newDocument.current?.focus())
            }}
          />
        </Card>
      ) : (
        <Group mb="lg">
          <Button ref={newDocument} variant="light" onClick={() => setCreating(true)}>
            New document
          </Button>
        </Group>
      )}
      <QueryState
        query={standards}
        loading="Loading the standards..."
        failed="The standards could not be loaded"
        empty="No standards yet."
      >
        {(documents) => {
          const shown = documents.filter(matches(q))
          return shown.length === 0 ? (
            <Text c="dark.6">No standards match “{q}”.</Text>
          ) : (
            <Stack gap="lg">
              {shown.map((document) => (
                <DocumentCard
                  key={document.key}
                  document={document}
                  steps={steps}
                  editing={editing}
                  onEditing={setEditing}
                />
              ))}
            </Stack>
          )
        }}
      </QueryState>
      {steps.dialogs}
    </Box>
  )
}
