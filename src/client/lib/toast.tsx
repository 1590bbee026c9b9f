import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ReactNode } from 'react'

let counter = 0

export type ToastOptions = {
  title: string
  message: string
  variant?: 'default' | 'destructive' | 'success'
  /** One button in the toast, such as Undo; it closes the toast when pressed. */
  action?: { label: string; onClick: () => void }
}

/**
 * One toast API for the whole app (Mantine notifications; the frame adds F8 and swipe). One toast
 * is on screen at a time and the newest wins: a new one replaces the visible one at once, so a form
 * never shows an earlier outcome beside its own (Mantine's limit would queue it instead).
 */
export function toast({ title, message, variant = 'default', action }: ToastOptions): string {
  counter += 1
  const id = `toast-${counter}`
  notifications.clean()
  const body: ReactNode = action ? (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="gray.7">
        {message}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          notifications.hide(id)
          action.onClick()
        }}
      >
        {action.label}
      </Button>
    </Group>
  ) : (
    message
  )
  notifications.show({
    id,
    title,
    message: body,
    color: variant === 'destructive' ? 'red' : variant === 'success' ? 'teal' : 'ocean',
    withBorder: true,
    'data-toast-id': id,
    'data-variant': variant,
    role: variant === 'destructive' ? 'alert' : 'status',
  } as Parameters<typeof notifications.show>[0])
  return id
}
