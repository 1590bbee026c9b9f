import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { AdminSessionProvider, useRedirectToLogin } from '../../src/client/admin/session'
import { createQueryClient } from '../../src/client/lib/query-client'
import { createBrowserTrpcClient, createTrpcProxy, TRPCProvider } from '../../src/client/lib/trpc'
import { theme } from '../../src/client/theme'
import { type Permission, ROLE_PERMISSIONS, type Role } from '../../src/shared/permissions'
import type { FakeServer } from './fake-server'

type Options = {
  /** The address the page is at, e.g. '/admin/studies?q=lung': the lists read their search from it. */
  at?: string
  /** The signed-in member, for admin code; none for a public page. */
  member?: { role: Role; permissions: readonly Permission[] } | null
}

/** The admin layout's session (routes/admin.tsx): its redirect is the real one. */
function Session({ member, children }: { member: NonNullable<Options['member']>; children: ReactNode }) {
  const redirectToLogin = useRedirectToLogin()
  return <AdminSessionProvider value={{ redirectToLogin, ...member }}>{children}</AdminSessionProvider>
}

/**
 * Renders `ui` as the app does (routes/__root.tsx and routes/admin.tsx): the theme, the toast stack,
 * react-query with the app's defaults, the browser's tRPC client, a router (at `at`), and for admin
 * code the member's session. The network is `server`: the global fetch is replaced by its fetch.
 */
export async function renderApp(ui: ReactNode, server: FakeServer, options: Options = {}) {
  vi.stubGlobal('fetch', server.fetch)
  const queryClient = createQueryClient()
  const trpcClient = createBrowserTrpcClient()
  const trpc = createTrpcProxy(trpcClient, queryClient)
  const member =
    options.member === undefined ? { role: 'owner' as const, permissions: ROLE_PERMISSIONS.owner } : options.member
  const page = member ? <Session member={member}>{ui}</Session> : ui
  const router = createRouter({
    routeTree: createRootRoute({ component: () => page }),
    history: createMemoryHistory({ initialEntries: [options.at ?? '/'] }),
  })
  await router.load()
  const view = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { ...view, queryClient, trpc, router }
}
