import { Alert, Anchor, Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { useTRPC } from '../../lib/trpc'
import { StateBadge } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import { PageEditor } from './editor'

/**
 * The public pages whose words are the council's (issue 39; docs/decisions/055-pages-as-content.md):
 * the list of them, and, with `?page=`, one page's editor.
 */
export function PagesScreen() {
  const key = useSearch({ from: '/admin/pages', select: (search) => search.page })
  return key ? <PageEditor key={key} pageKey={key} /> : <PageList />
}

function PageList() {
  const trpc = useTRPC()
  const pages = useQuery(trpc.pages.list.queryOptions())
  return (
    <Stack gap="lg">
      <Text size="sm" c="dark.6">
        The words of the site’s pages. Each is edited as a draft, previewed as the page shows it, and published at once;
        every published revision is kept. Titles, forms and the disclaimer’s place stay as the site fixes them.
      </Text>
      {pages.data ? (
        <ul className={lists.list} aria-label="Pages" data-testid="page-list">
          {pages.data.map((page) => (
            <li key={page.key} className={lists.card} data-testid="page-entry">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Anchor
                      fw={700}
                      renderRoot={(props) => <Link to="/admin/pages" search={{ page: page.key }} {...props} />}
                    >
                      {page.label}
                    </Anchor>
                    {page.hasDraft ? <StateBadge tone="waiting">Draft waits</StateBadge> : null}
                  </Group>
                  <Text size="sm" c="dark.6">
                    {page.everyPage ? 'every page' : page.path} ·{' '}
                    {page.publishedAt ? (
                      <>
                        revision {page.revision}, published <AdminDate value={page.publishedAt} />
                      </>
                    ) : (
                      'as the site started'
                    )}
                  </Text>
                </Stack>
              </Group>
            </li>
          ))}
        </ul>
      ) : pages.isError ? (
        <Alert color="red" variant="light">
          The pages could not be loaded. Check the connection and reload the page.
        </Alert>
      ) : (
        <Text aria-live="polite">Loading the pages...</Text>
      )}
    </Stack>
  )
}
