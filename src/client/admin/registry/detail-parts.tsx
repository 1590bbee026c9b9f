import { Alert, Anchor, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import classes from '../ui/lists.module.css'

/**
 * What the server said when it refused: its own sentence (a 409's reason, a 400's first field
 * message, "not found"), else the fallback. Shown beside the action, and in the kit's toast.
 */
export function sentenceOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message && !/^(Failed to fetch|NetworkError)/.test(error.message)
    ? error.message
    : fallback
}

/** Mantine's light alerts' coloured titles fall under 4.5:1 on their tint: the titles in the text's dark. */
export const TITLE = { title: { color: 'var(--mantine-color-dark-8)' } }

/** An action's refusal, where the action is, read out at once. */
export function Refusal({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null
  return (
    <Alert color="red" variant="light" title="Not done" role="alert" data-testid="refusal" styles={TITLE}>
      <Text size="sm" c="dark.8" className={classes.wrap}>
        {sentenceOf(error, fallback)}
      </Text>
    </Alert>
  )
}

/** Back to the queue the record was opened from (its state kept). */
export function BackToQueue({
  view,
  state,
  children,
}: {
  view: 'applications' | 'concerns'
  state: string
  children: ReactNode
}) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link to="/admin/registry" search={{ view, state: state === 'open' ? undefined : state }} {...props} />
      )}
      data-testid="back-to-queue"
    >
      ← {children}
    </Anchor>
  )
}

/** The record's heading, which takes the focus when the record opens (from a queue's row, or a link). */
export function useFocusOnOpen(ready: boolean) {
  const ref = useRef<HTMLHeadingElement>(null)
  const done = useRef(false)
  useEffect(() => {
    if (!ready || done.current) return
    done.current = true
    ref.current?.focus()
  }, [ready])
  return ref
}

/** Label and value pairs, as a description list that wraps long words. */
export function Facts({ items, 'data-testid': testId }: { items: [string, ReactNode][]; 'data-testid'?: string }) {
  return (
    <dl className={classes.wrap} data-testid={testId} style={{ margin: 0, display: 'grid', gap: 8 }}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" fw={700}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  )
}
