import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { UseMutationOptions } from '@tanstack/react-query'
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import classes from './lists.module.css'
import { type AdminMutationTexts, useAdminMutation } from './mutation'

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

/** What a confirmation is about; kept after the dialog closes, so its text stays while it fades out. */
export function useConfirm<Item>() {
  const [item, setItem] = useState<Item | null>(null)
  const [opened, setOpened] = useState(false)
  return {
    item,
    opened,
    ask: (about: Item) => {
      setItem(about)
      setOpened(true)
    },
    close: () => setOpened(false),
  }
}

type DialogProps<Item> = Omit<Choice, 'children' | 'onConfirm' | 'onCancel'> & {
  confirm: ReturnType<typeof useConfirm<Item>>
  title: string
  onConfirm: (item: Item) => void
  /** Where the focus goes when the button that opened the dialog is gone (its row was deleted). */
  fallbackFocus: RefObject<HTMLElement | null>
  children: (item: Item) => ReactNode
  'data-testid'?: string
}

/**
 * The admin's one confirmation before something is deleted for good: a small centred dialog (a few
 * lines; full screen on a phone it would be a blank page) whose cancel button has the focus. Closing it returns the focus to the button that opened
 * it, or, when that button left with its row, to `fallbackFocus` (the list's heading).
 */
export function ConfirmDialog<Item>({
  confirm,
  title,
  fallbackFocus,
  children,
  busy,
  onConfirm,
  ...choice
}: DialogProps<Item>) {
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (confirm.opened) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [confirm.opened])
  const returnFocus = () => {
    const target = opener.current?.isConnected ? opener.current : fallbackFocus.current
    opener.current = null
    target?.focus()
  }
  const { item } = confirm
  return (
    <Modal
      opened={confirm.opened && item !== null}
      onClose={busy ? () => {} : confirm.close}
      onExitTransitionEnd={returnFocus}
      returnFocus={false}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {item === null ? null : (
        <Stack gap="md" data-testid={choice['data-testid']}>
          <div className={classes.wrap}>{children(item)}</div>
          <Choices {...choice} busy={busy} onConfirm={() => onConfirm(item)} onCancel={confirm.close} />
        </Stack>
      )}
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

type DeleteConfig<Item extends { id: number | string }> = Pick<AdminMutationTexts<unknown, unknown>, 'refresh'> & {
  /** The toasts: 'Resource deleted successfully' / 'Failed to delete resource' (or words from the error: `refusalOf`). */
  success: string
  failure: string | ((error: unknown) => string)
  /** After the delete, before the lists are fetched again (a form editing that row goes back to add). */
  onDeleted?: (id: Item['id']) => void
  title: string
  confirmLabel: string
  cancelLabel?: string
  /** What is at stake, for the dialog's body. */
  body: (item: Item) => ReactNode
  fallbackFocus: RefObject<HTMLElement | null>
}

/**
 * A delete that asks first, whole: the confirmation, the procedure (`options`: its
 * `mutationOptions()`, taking `{ id }`), the toasts and the refresh. Render `dialog` once; call
 * `ask(row)` from the row's Delete.
 */
export function useConfirmedDelete<Item extends { id: number | string }>(options: object, config: DeleteConfig<Item>) {
  const confirm = useConfirm<Item>()
  // The procedure's `id` arrives typed `unknown` (its schema coerces); rows' ids are what it takes.
  const remove = useAdminMutation(options as UseMutationOptions<unknown, unknown, { id: Item['id'] }, unknown>, {
    refresh: config.refresh,
    success: config.success,
    failure: (_variables, error) => (typeof config.failure === 'function' ? config.failure(error) : config.failure),
    onSuccess: (_deleted, variables) => config.onDeleted?.(variables.id),
    afterRefresh: confirm.close,
    onError: confirm.close,
  })
  const dialog = (
    <ConfirmDialog
      confirm={confirm}
      title={config.title}
      confirmLabel={config.confirmLabel}
      cancelLabel={config.cancelLabel}
      busy={remove.isPending}
      onConfirm={(item) => remove.mutate({ id: item.id })}
      fallbackFocus={config.fallbackFocus}
    >
      {config.body}
    </ConfirmDialog>
  )
  return { ask: confirm.ask, deletingId: remove.isPending ? (remove.variables?.id ?? null) : null, dialog }
}
