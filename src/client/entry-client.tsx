import './styles/mantine'
import './styles/global.css'
import './styles/print.css'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createQueryClient } from './lib/query-client'
import { createBrowserTrpcClient } from './lib/trpc'
import { createAppRouter } from './router'

const router = createAppRouter({ queryClient: createQueryClient(), trpcClient: createBrowserTrpcClient() })

// Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
// holding the main thread for the whole page; a click or key press meanwhile is handled first
// (docs/decisions/022-server-memory-and-first-paint.md).
startTransition(() => {
  hydrateRoot(document, <RouterClient router={router} />)
})
