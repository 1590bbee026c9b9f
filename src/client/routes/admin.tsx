import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  CloseButton,
  Container,
  FileInput,
  Grid,
  Group,
  Loader,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import {
  ADMIN_LIST_MAX_HEIGHT_PX,
  ATTACHMENT_EXTENSIONS,
  SESSION_EXPIRED_REDIRECT_MS,
  STUDY_CATEGORIES,
  UNAUTHENTICATED_REDIRECT_MS,
} from '../../shared/constants'
import { isUnauthorizedError } from '../../shared/http-error'
import { ResearchStudyInputSchema } from '../../shared/schemas/research-study'
import { apiRequest, toHttpError } from '../lib/api'
import { pageHead } from '../lib/seo'
import { toast } from '../lib/toast'
import { useTRPC } from '../lib/trpc'
import { zodValidate } from '../lib/zod-form'

export const Route = createFileRoute('/admin')({
  head: ({ match }) =>
    pageHead(
      { title: 'Research Studies Admin', description: 'Manage the research studies of the library.', noindex: true },
      match.context.site,
    ),
  component: AdminPage,
})

type FormValues = {
  title: string
  authors: string
  journal: string
  year: string
  category: string | null
  url: string
  summary: string
}

const EMPTY: FormValues = { title: '', authors: '', journal: '', year: '', category: null, url: '', summary: '' }

/** Leaves for the server-side sign-in; the delay lets the visitor read the toast first. */
function useRedirectToLogin() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  return (delayMs: number) => {
    if (timer.current) return
    timer.current = setTimeout(() => window.location.assign('/api/login'), delayMs)
  }
}

function AdminPage() {
  const trpc = useTRPC()
  const redirectToLogin = useRedirectToLogin()
  // Only ever asked in the browser: the server's HTML for /admin carries no private data.
  const me = useQuery({ ...trpc.auth.me.queryOptions(), retry: false, staleTime: 0 })
  const unauthenticated = me.isError

  useEffect(() => {
    if (!unauthenticated) return
    toast({ title: 'Unauthorized', message: 'Please sign in to access the admin panel...', variant: 'destructive' })
    redirectToLogin(UNAUTHENTICATED_REDIRECT_MS)
  }, [unauthenticated, redirectToLogin])

  return (
    <Container size="xl" pt={72 + 40} pb={80}>
      <Title order={1}>Research Studies Admin</Title>
      {me.isPending || me.isError ? (
        <Text mt="lg" aria-live="polite">
          Loading...
        </Text>
      ) : (
        <>
          <Group justify="space-between" mt="sm" mb="xl">
            <Text c="dark.6">Signed in as: {me.data.email}</Text>
            <Button component="a" href="/api/logout" variant="outline">
              Sign Out
            </Button>
          </Group>
          {me.data.isAdmin ? (
            <StudiesManager onSessionExpired={() => redirectToLogin(SESSION_EXPIRED_REDIRECT_MS)} />
          ) : (
            <Alert color="red" variant="light" title="No access" data-testid="no-access">
              Your account ({me.data.email}) does not have access to the admin panel. Ask the council to add your e-mail
              address to the list of administrators, or sign out and sign in with another account.
            </Alert>
          )}
        </>
      )}
    </Container>
  )
}

type Study = {
  id: number
  title: string
  authors: string | null
  journal: string | null
  year: string | null
  category: string
  url: string
  summary: string | null
  attachmentUrl: string | null
  attachmentFileId: string | null
}

function StudiesManager({ onSessionExpired }: { onSessionExpired: () => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const studies = useQuery(trpc.researchStudies.list.queryOptions())
  const [editing, setEditing] = useState<Study | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [uploading, setUploading] = useState(false)

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => zodValidate(ResearchStudyInputSchema)(values),
  })

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.researchStudies.list.queryKey() })
  const toAddMode = () => {
    setEditing(null)
    setFile(null)
    form.setValues(EMPTY)
    form.resetDirty(EMPTY)
    form.clearErrors()
  }
  const failed = (error: unknown, message: string) => {
    const httpError = toHttpError(error)
    if (isUnauthorizedError(httpError)) {
      toast({ title: 'Unauthorized', message: 'Your session expired. Logging in again...', variant: 'destructive' })
      onSessionExpired()
      return
    }
    toast({ title: 'Error', message, variant: 'destructive' })
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
    trpc.researchStudies.create.mutationOptions(
      saveHandlers('Research study added successfully', 'Failed to add research study'),
    ),
  )
  const update = useMutation(
    trpc.researchStudies.update.mutationOptions(
      saveHandlers('Research study updated successfully', 'Failed to update research study'),
    ),
  )
  const remove = useMutation(
    trpc.researchStudies.remove.mutationOptions({
      onSuccess: async (_data, variables) => {
        toast({ title: 'Success', message: 'Research study deleted successfully', variant: 'success' })
        if (editing?.id === variables.id) toAddMode()
        await refresh()
      },
      onError: (error) => failed(error, 'Failed to delete research study'),
    }),
  )

  const startEdit = (study: Study) => {
    setEditing(study)
    setFile(null)
    form.setValues({
      title: study.title,
      authors: study.authors ?? '',
      journal: study.journal ?? '',
      year: study.year ?? '',
      category: study.category,
      url: study.url,
      summary: study.summary ?? '',
    })
    form.clearErrors()
  }

  const submit = form.onSubmit(async (values) => {
    let attachmentUrl = editing?.attachmentUrl ?? null
    let attachmentFileId = editing?.attachmentFileId ?? null
    if (file) {
      setUploading(true)
      try {
        const body = new FormData()
        body.append('file', file)
        const response = await apiRequest('POST', '/api/upload/research-attachment', body)
        const uploaded = (await response.json()) as { webViewLink: string; fileId: string }
        attachmentUrl = uploaded.webViewLink
        attachmentFileId = uploaded.fileId
      } catch (error) {
        if (isUnauthorizedError(error)) {
          failed(error, '')
        } else {
          toast({ title: 'Error', message: 'Failed to upload attachment', variant: 'destructive' })
        }
        return
      } finally {
        setUploading(false)
      }
    }
    const data = ResearchStudyInputSchema.parse({ ...values, attachmentUrl, attachmentFileId })
    if (editing) update.mutate({ id: editing.id, data })
    else create.mutate(data)
  })

  const busy = uploading || create.isPending || update.isPending

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="study-form-heading">
          <Group justify="space-between" mb="md">
            <Title order={2} size="h3" id="study-form-heading">
              {editing ? 'Edit Study' : 'Add New Study'}
            </Title>
            {editing ? <CloseButton aria-label="Cancel editing" onClick={toAddMode} /> : null}
          </Group>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput label="Title" required {...form.getInputProps('title')} />
              <TextInput label="Authors" {...form.getInputProps('authors')} />
              <TextInput label="Journal" {...form.getInputProps('journal')} />
              <TextInput label="Year" inputMode="numeric" maxLength={4} {...form.getInputProps('year')} />
              <Select
                label="Category"
                required
                placeholder="Select a category"
                data={[...STUDY_CATEGORIES]}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('category')}
              />
              <TextInput label="URL" type="url" required placeholder="https://" {...form.getInputProps('url')} />
              <Textarea label="Summary" rows={3} {...form.getInputProps('summary')} />
              <FileInput
                label="Attachment (PDF or Word)"
                placeholder="Choose a .pdf, .doc or .docx file"
                accept={ATTACHMENT_EXTENSIONS.join(',')}
                clearable
                value={file}
                onChange={setFile}
                description={
                  editing?.attachmentUrl && !file
                    ? 'This study already has an attachment; choose a file to replace it.'
                    : undefined
                }
                clearButtonProps={{ 'aria-label': 'Clear chosen file' }}
              />
              <Button type="submit" disabled={busy} loading={busy} mt="sm">
                {editing ? 'Update Study' : 'Add Study'}
              </Button>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Box component="section" aria-labelledby="existing-heading">
          <Title order={2} size="h3" id="existing-heading" mb="md">
            Existing Studies
          </Title>
          {studies.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text>Loading studies...</Text>
            </Group>
          ) : (studies.data ?? []).length === 0 ? (
            <Text c="dark.6">No studies added yet.</Text>
          ) : (
            <ScrollArea.Autosize mah={ADMIN_LIST_MAX_HEIGHT_PX} type="auto" offsetScrollbars data-testid="studies-list">
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {(studies.data ?? []).map((study) => (
                  <Card
                    key={study.id}
                    withBorder
                    padding="md"
                    radius="md"
                    component="li"
                    data-testid="admin-study-card"
                  >
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Text fw={700}>{study.title}</Text>
                        {study.authors ? (
                          <Text size="sm" c="dark.6">
                            {study.authors}
                          </Text>
                        ) : null}
                        {study.journal ? (
                          <Text size="sm" c="dark.6" fs="italic">
                            {study.journal}
                            {study.year ? ` (${study.year})` : ''}
                          </Text>
                        ) : null}
                        <Text size="sm" c="dark.6">
                          Category: {study.category}
                        </Text>
                      </Stack>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="light" aria-label={`Edit ${study.title}`} onClick={() => startEdit(study)}>
                          <PencilIcon />
                        </ActionIcon>
                        <ActionIcon
                          variant="light"
                          color="red"
                          aria-label={`Delete ${study.title}`}
                          loading={remove.isPending && remove.variables?.id === study.id}
                          onClick={() => remove.mutate({ id: study.id })}
                        >
                          <TrashIcon />
                        </ActionIcon>
                      </Group>
                    </Group>
                  </Card>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Box>
      </Grid.Col>
    </Grid>
  )
}

function PencilIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  )
}

function TrashIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </svg>
  )
}
