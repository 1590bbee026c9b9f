import { Anchor, Group, Paper, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { VersionState } from '../../shared/constants'
import { StandardDate, VersionStateBadge } from './standard-parts'
import { comparePath, standardPdfPath } from './standard-routing'

type HistoryEntry = {
  version: string
  state: VersionState
  effectiveDate: string | null
  changeSummary: string
  reviewClosesAt: Date | string | null
}

/** When a version applied, or why it never did, in a few words. */
function VersionDates({ entry }: { entry: HistoryEntry }) {
  switch (entry.state) {
    case 'published':
      return (
        <>
          In effect since <StandardDate value={entry.effectiveDate} />
        </>
      )
    case 'superseded':
      return (
        <>
          In effect from <StandardDate value={entry.effectiveDate} /> until a later version replaced it
        </>
      )
    case 'review':
      return (
        <>
          Draft in public review; comments close <StandardDate value={entry.reviewClosesAt} />
        </>
      )
    case 'withdrawn':
      return <>Withdrawn after its public review; never in effect</>
    case 'draft':
      return null
  }
}

/**
 * Every public version of a document, newest first: its state, dates and what it changed, with its
 * own page, its PDF and a comparison with the version in effect.
 */
export function StandardHistory({
  documentKey,
  versions,
  current,
}: {
  documentKey: string
  versions: HistoryEntry[]
  current: string | null
}) {
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} data-testid="version-history">
      {versions.map((entry) => (
        <li key={entry.version}>
          <Paper withBorder radius="md" p="md" data-testid="history-entry">
            <Group gap="sm" align="center">
              <Anchor
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/standards/$number/v/$version"
                    params={{ number: documentKey, version: entry.version }}
                  />
                )}
                fw={700}
                size="lg"
                c="ocean.8"
                underline="always"
              >
                Version {entry.version}
              </Anchor>
              <VersionStateBadge state={entry.state} />
              {entry.version === current ? (
                <Text component="span" size="sm" fw={600} c="dark.7">
                  Current version
                </Text>
              ) : null}
            </Group>
            <Text mt={6} c="dark.7">
              <VersionDates entry={entry} />
            </Text>
            {entry.changeSummary ? (
              <Text mt={6} c="dark.8">
                {entry.changeSummary}
              </Text>
            ) : null}
            <Group gap="lg" mt="xs" data-print-hide>
              <Anchor href={standardPdfPath(documentKey, entry.version)} underline="always" size="sm">
                Download PDF<span className="visually-hidden"> of version {entry.version}</span>
              </Anchor>
              {current && entry.version !== current ? (
                <Anchor href={comparePath(documentKey, entry.version, current)} underline="always" size="sm">
                  Compare with current
                  <span className="visually-hidden">
                    {' '}
                    (version {entry.version} with {current})
                  </span>
                </Anchor>
              ) : null}
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  )
}
