import './styles/mantine'
import './styles/global.css'
import './styles/print.css'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { hydrateRoot } from 'react-dom/client'
import { createQueryClient } from './lib/query-client'
import { createBrowserTrpcClient } from './lib/trpc'
import { createAppRouter } from './router'

const router = createAppRouter({ queryClient: createQueryClient(), trpcClient: createBrowserTrpcClient() })

hydrateRoot(document, <RouterClient router={router} />)
