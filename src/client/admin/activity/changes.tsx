import { Text } from '@mantine/core'
import classes from './activity.module.css'
import { changedEntries } from './describe'
import type { ActivityRow } from './types'

/** What a change moved, field by field: "Title: Old → New" (read aloud as "changed to"). */
export function Changes({ row }: { row: ActivityRow }) {
  const entries = changedEntries(row)
  if (entries.length === 0) return null
  return (
    <ul className={classes.changes} data-testid="activity-changes">
      {entries.map((entry) => (
        <li key={entry.key} className={classes.wrap}>
          <Text span fw={600} size="sm">
            {entry.label}:
          </Text>{' '}
          {entry.before !== null ? (
            <span className={classes.value}>
              {entry.after !== null ? null : <span className="visually-hidden">was </span>}
              {entry.before}
            </span>
          ) : null}
          {entry.before !== null && entry.after !== null ? (
            <>
              {' '}
              <span aria-hidden="true">→</span>
              <span className="visually-hidden"> changed to</span>{' '}
            </>
          ) : null}
          {entry.after !== null ? <span className={classes.value}>{entry.after}</span> : null}
        </li>
      ))}
    </ul>
  )
}
