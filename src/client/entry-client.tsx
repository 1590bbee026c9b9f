import './styles/mantine'
import './styles/global.css'
import './styles/print.css'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { FORM_POST_BLOCK_ID, type FormPostState } from '../shared/form-post'
import { createQueryClient } from './lib/query-client'
import { createBrowserTrpcClient } from './lib/trpc'
import { createAppRouter } from './router'

// A form posted without JavaScript and refused comes back as its page, rendered with the post's
// state in a data block, at the API's address: the router starts at the page's own address, with
// the same state the server rendered (docs/decisions/030-forms-without-javascript.md).
const block = document.getElementById(FORM_POST_BLOCK_ID)?.textContent
const formPost: FormPostState | undefined = block ? JSON.parse(block) : undefined
if (formPost) history.replaceState(null, '', formPost.path)

const router = createAppRouter({
  queryClient: createQueryClient(),
  trpcClient: createBrowserTrpcClient(),
  formPost,
})

// Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
// holding the main thread for the whole page; a click or key press meanwhile is handled first
// (docs/decisions/022-server-memory-and-first-paint.md).
startTransition(() => {
  hydrateRoot(document, <RouterClient router={router} />)
})
