import { Anchor, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { VERSION_STATE_LABELS } from '../../../shared/constants'
import { StateBadge } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import { printedDay } from './dates'
import classes from './standards.module.css'
import type { StandardDocument, StandardVersion } from './types'
import { commentsSearch, hasComments, isPublic, publicPath, STATE_TONES } from './versions'

/** "3 comments · 1 waiting for an answer · 1 hidden". */
function commentWords({ total, unanswered, hidden }: StandardVersion['comments']) {
  if (total === 0) return 'No comments'
  return [
    `${total} comment${total === 1 ? '' : 's'}`,
    unanswered > 0 ? `${unanswered} waiting for an answer` : null,
    hidden > 0 ? `${hidden} hidden` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** One version in a document's history: its state, its dates, its comments and where to read it. */
export function VersionRow({ document, version }: { document: StandardDocument; version: StandardVersion }) {
  const about = `${document.number} version ${version.version}`
  return (
    <li className={lists.card} data-testid="standard-version" data-version={version.version}>
      <Stack gap={6}>
        <div className={classes.facts}>
          <Text fw={700}>Version {version.version}</Text>
          <StateBadge tone={STATE_TONES[version.state]}>{VERSION_STATE_LABELS[version.state]}</StateBadge>
          {version.effectiveDate ? (
            <Text size="sm" c="dark.6">
              In effect from {printedDay(version.effectiveDate)}
            </Text>
          ) : null}
          {version.state === 'review' && version.reviewClosesAt ? (
            <Text size="sm" c="dark.6">
              {version.reviewOpen ? 'Review open until ' : 'Review closed '}
              <AdminDate value={version.reviewClosesAt} />
            </Text>
          ) : null}
        </div>
        {version.changeSummary ? (
          <Text size="sm" className={lists.wrap}>
            {version.changeSummary}
          </Text>
        ) : null}
        <Group gap="md" className={classes.facts}>
          {version.reviewOpenedAt ? (
            <Text size="sm" c="dark.6">
              {commentWords(version.comments)}
            </Text>
          ) : null}
          {isPublic(version) ? (
            <Anchor href={publicPath(document, version)} size="sm">
              Public page<span className="visually-hidden"> of {about}</span>
            </Anchor>
          ) : null}
          {hasComments(version) ? (
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link to="/admin/comments" search={commentsSearch(document.key, version.version)} {...props} />
              )}
            >
              Comments<span className="visually-hidden"> on {about}</span>
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </li>
  )
}
