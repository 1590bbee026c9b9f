import { Alert, Button, Container, Group, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { UNAUTHENTICATED_REDIRECT_MS } from '../../shared/constants'
import { ScreenGate } from '../admin/gate'
import { AdminNav } from '../admin/nav'
import { AdminSessionProvider, useRedirectToLogin, useSignInAgainOnUnauthorized } from '../admin/session'
import { HEADER_HEIGHT_PX } from '../layout'
import { requestDeferredUi } from '../lib/deferred-ui'
import { pageHead } from '../lib/seo'
import { toast } from '../lib/toast'
import { useTRPC } from '../lib/trpc'

/**
 * The admin area's layout: every admin screen is rendered inside it, so the sign-in check, its
 * toast and redirect, and the signed-in bar are written once (docs/product.md#errors-the-user-sees).
 * Screens never render for a visitor who is not an admin, nor for a member whose role does not
 * include them (admin/gate.tsx).
 */
export const Route = createFileRoute('/admin')({
  staticData: { private: true },
  head: ({ match }) =>
    pageHead({ title: 'Admin', description: 'The council’s admin.', noindex: true }, match.context.site),
  component: AdminLayout,
})

function AdminLayout() {
  const trpc = useTRPC()
  const redirectToLogin = useRedirectToLogin()
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.adminTitle }) ?? 'Admin'
  // Only ever asked in the browser: the server's HTML for the admin carries no private data.
  const me = useQuery({ ...trpc.auth.me.queryOptions(), retry: false, staleTime: 0 })
  const unauthenticated = me.isError
  const role = me.data?.role ?? null
  const permissions = me.data?.permissions
  const session = useMemo(
    () => (role && permissions ? { redirectToLogin, role, permissions } : null),
    [redirectToLogin, role, permissions],
  )
  const meKey = useMemo(() => trpc.auth.me.pathKey(), [trpc])
  useSignInAgainOnUnauthorized(redirectToLogin, { active: session !== null, except: meKey })
  // The admin is made of code and toasts as it works: the toast stack and the header's menus are
  // fetched at once here, where a public page waits for the visitor's approach (lib/intent.ts).
  useEffect(requestDeferredUi, [])

  useEffect(() => {
    if (!unauthenticated) return
    toast({ title: 'Unauthorized', message: 'Please sign in to access the admin panel...', variant: 'destructive' })
    redirectToLogin(UNAUTHENTICATED_REDIRECT_MS)
  }, [unauthenticated, redirectToLogin])

  return (
    <Container size="lg" pt={HEADER_HEIGHT_PX + 40} pb={80}>
      <Title order={1}>{title}</Title>
      {me.isPending || me.isError ? (
        <Text mt="lg" aria-live="polite">
          Loading...
        </Text>
      ) : (
        <>
          <Group justify="space-between" mt="sm" mb="xl">
            <Text c="dark.6">Signed in as: {me.data.email}</Text>
            <Button component="a" href="/api/logout" variant="outline">
              Sign Out
            </Button>
          </Group>
          {me.data.isAdmin && session ? (
            <AdminSessionProvider value={session}>
              <AdminNav />
              <ScreenGate>
                <Outlet />
              </ScreenGate>
            </AdminSessionProvider>
          ) : (
            <Alert color="red" variant="light" title="No access" data-testid="no-access">
              Your account ({me.data.email}) does not have access to the admin panel. Ask an owner of the council’s team
              to invite this address, or sign out and sign in with another account.
            </Alert>
          )}
        </>
      )}
    </Container>
  )
}
