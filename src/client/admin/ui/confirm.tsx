import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import classes from './lists.module.css'

type Choice = {
  /** What is at stake, in the dialog's body. */
  children: ReactNode
  /** The safe way out, which takes the focus first: Enter alone never deletes. */
  cancelLabel?: string
  confirmLabel: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

function Choices({
  cancelLabel = 'Cancel',
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  cancelRef,
}: Omit<Choice, 'children'> & { cancelRef?: RefObject<HTMLButtonElement | null> }) {
  return (
    <Group gap="sm" justify="flex-end">
      <Button ref={cancelRef} variant="default" onClick={onCancel} disabled={busy} data-autofocus>
        {cancelLabel}
      </Button>
      <Button color="red.9" loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  )
}

type DialogProps = Choice & {
  opened: boolean
  title: string
  /** Where the focus goes when the button that opened the dialog is gone (its row was deleted). */
  fallbackFocus: RefObject<HTMLElement | null>
  'data-testid'?: string
}

/**
 * The admin's one confirmation before something is deleted for good: a dialog (full screen on a
 * phone) whose cancel button has the focus. Closing it returns the focus to the button that opened
 * it, or, when that button left with its row, to `fallbackFocus` (the list's heading).
 */
export function ConfirmDialog({ opened, title, fallbackFocus, children, busy, onCancel, ...choice }: DialogProps) {
  const small = useMediaQuery('(max-width: 36em)')
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (opened) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [opened])
  const returnFocus = () => {
    const target = opener.current?.isConnected ? opener.current : fallbackFocus.current
    opener.current = null
    target?.focus()
  }
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onCancel}
      onExitTransitionEnd={returnFocus}
      returnFocus={false}
      title={title}
      centered
      fullScreen={Boolean(small)}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md" data-testid={choice['data-testid']}>
        <div className={classes.wrap}>{children}</div>
        <Choices {...choice} busy={busy} onCancel={onCancel} />
      </Stack>
    </Modal>
  )
}

/**
 * The same confirmation inside a dialog that is already open (a message's): it takes the place of
 * the button that asked, the focus moves to its safe choice, and back to that button when kept.
 */
export function ConfirmPanel({ title, children, ...choice }: Choice & { title: string }) {
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => cancel.current?.focus(), [])
  return (
    <Alert color="red" variant="light" title={title} data-testid="delete-confirmation">
      <Stack gap="sm">
        <Text size="sm" className={classes.wrap}>
          {children}
        </Text>
        <Choices {...choice} cancelRef={cancel} />
      </Stack>
    </Alert>
  )
}
