import { Alert, Box, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import {
  COUNCIL_SETTING_LABELS,
  COUNCIL_SETTINGS,
  type CouncilSetting,
  CouncilSettingsFieldsSchema,
  type CouncilSettingsView,
} from '../../../shared/schemas/council-settings'
import { NoticeBox } from '../../components/notice-box'
import { useTRPC } from '../../lib/trpc'
import { AdminDate } from '../ui/dates'
import fieldClasses from '../ui/fields.module.css'
import { useAdminForm } from '../ui/form'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import { QueryState } from '../ui/query-state'

type Values = Record<CouncilSetting, string>

/** What each setting is for, where the council's words are read. */
const HINTS: Record<CouncilSetting, string> = {
  name: 'Shown in the header of the documents, the mail and the search results.',
  email: 'On the contact page, the documents and as the sender of the site’s mail.',
  website: 'On the contact page and the documents.',
  phone: 'On the contact page; on the documents when it is a number.',
  postalAddress: 'Optional. On the contact page and the documents when given. One line per line of the address.',
  country: 'On the documents.',
  replyTime: 'The contact page says “We typically reply within …”.',
  disclaimer:
    'One paragraph. Every page shows it, in its disclaimer box and its footer, and every standard’s PDF prints it at its end (a document with a disclaimer section of its own keeps the words it was issued with).',
}

/**
 * The council's identity, for owners (docs/decisions/050-council-settings.md): what the pages,
 * documents and mail say of the council. A setting the server's configuration fixes is shown and
 * cannot be changed here. Saving from a form opened before another owner's save is refused, and the
 * form says so instead of undoing their change.
 */
export function SettingsScreen() {
  const trpc = useTRPC()
  const settings = useQuery(trpc.settings.get.queryOptions())
  return (
    <Box component="section" aria-labelledby="settings-heading">
      <Title order={2} size="h3" id="settings-heading" mb="xs">
        The council’s identity
      </Title>
      <Text size="sm" c="dark.6" mb="md" maw={760}>
        What the site’s pages, its documents and its mail say about the council. A change shows everywhere as soon as it
        is saved.
      </Text>
      <QueryState
        query={settings}
        loading="Loading the settings..."
        failed="The settings could not be loaded"
        empty={null}
        isEmpty={() => false}
      >
        {(view) => <SettingsForm key={view.version} view={view} />}
      </QueryState>
    </Box>
  )
}

function SettingsForm({ view }: { view: CouncilSettingsView }) {
  const trpc = useTRPC()
  // A setting the configuration fixes is not sent, so it is not checked either: the operator's
  // value may be one the form would refuse (longer, say), and the form must still save the rest.
  const schema = useMemo(
    () =>
      CouncilSettingsFieldsSchema.omit(
        Object.fromEntries(Object.keys(view.fixed).map((key) => [key, true])) as Partial<Record<CouncilSetting, true>>,
      ),
    [view.fixed],
  )
  const form = useAdminForm<Values>(schema, view.values)
  const refusal = useRef<HTMLDivElement>(null)
  const save = useAdminMutation(trpc.settings.save.mutationOptions(), {
    success: 'Settings saved',
    failure: (_values, error) => refusalOf(error) ?? 'Failed to save the settings',
    refresh: [trpc.settings.get.queryKey()],
    form,
  })
  const stale = save.isError && refusalOf(save.error) !== null
  useEffect(() => {
    if (stale) refusal.current?.focus()
  }, [stale])

  return (
    <form
      noValidate
      data-testid="settings-form"
      onSubmit={form.onSubmit((values) => {
        const editable = Object.fromEntries(
          COUNCIL_SETTINGS.filter((key) => !view.fixed[key]).map((key) => [key, values[key]]),
        )
        save.mutate({ ...editable, version: view.version })
      })}
    >
      <Stack gap="md" maw={640}>
        {stale ? (
          <Alert color="red" variant="light" ref={refusal} tabIndex={-1} data-testid="settings-refused">
            {refusalOf(save.error)}
          </Alert>
        ) : null}
        {COUNCIL_SETTINGS.map((key) => {
          const variable = view.fixed[key]
          const description = variable
            ? `Set by the server’s configuration (${variable}): it cannot be changed here.`
            : HINTS[key]
          const common = {
            label: COUNCIL_SETTING_LABELS[key],
            description,
            classNames: fieldClasses,
            readOnly: variable !== undefined,
            required: key !== 'postalAddress' && variable === undefined,
            ...form.getInputProps(key),
          }
          if (key === 'disclaimer')
            return (
              <Stack key={key} gap={6}>
                {variable ? null : (
                  <NoticeBox
                    tone="yellow"
                    role="note"
                    title="Every page shows the disclaimer"
                    data-testid="disclaimer-warning"
                  >
                    The council’s pages state that they are wellness and education, not medical advice, through these
                    words. Change them only with the council’s agreement: a save shows the new words on every page at
                    once.
                  </NoticeBox>
                )}
                <Textarea autosize minRows={4} maxRows={10} {...common} />
              </Stack>
            )
          return key === 'postalAddress' ? (
            <Textarea key={key} autosize minRows={3} maxRows={6} {...common} />
          ) : (
            <TextInput
              key={key}
              type={key === 'email' ? 'email' : key === 'website' ? 'url' : 'text'}
              autoComplete="off"
              {...common}
            />
          )
        })}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save the settings
          </Button>
          {view.updatedAt ? (
            <Text size="sm" c="dark.6">
              Last saved <AdminDate value={new Date(view.updatedAt)} />
              {view.updatedBy ? ` by ${view.updatedBy}` : ''}
            </Text>
          ) : (
            <Text size="sm" c="dark.6">
              Never saved: these are the starting values.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  )
}
