import { notifications } from '@mantine/notifications'

let counter = 0

type ToastOptions = { title: string; message: string; variant?: 'default' | 'destructive' | 'success' }

/**
 * One toast API for the whole app (Mantine notifications; the frame adds F8 and swipe). One toast
 * is on screen at a time and the newest wins: a new one replaces the visible one at once, so a form
 * never shows an earlier outcome beside its own (Mantine's limit would queue it instead).
 */
export function toast({ title, message, variant = 'default' }: ToastOptions): string {
  counter += 1
  const id = `toast-${counter}`
  notifications.clean()
  notifications.show({
    id,
    title,
    message,
    color: variant === 'destructive' ? 'red' : variant === 'success' ? 'teal' : 'ocean',
    withBorder: true,
    'data-toast-id': id,
    'data-variant': variant,
    role: variant === 'destructive' ? 'alert' : 'status',
  } as Parameters<typeof notifications.show>[0])
  return id
}
