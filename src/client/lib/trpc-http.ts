import { httpBatchLink, type TRPCLink } from '@trpc/client'
import superjson from 'superjson'
import type { AppRouter } from '../../server/trpc/router'
import { REQUEST_TIMEOUT_MS, TRPC_MAX_BATCH } from '../../shared/constants'

/**
 * The browser's link to the server: same-origin HTTP with cookies, batched, superjson. In a chunk
 * of its own (see deferredHttpLink in trpc.ts): a page's first render reads only the data that came
 * with its HTML, so no page needs this, nor superjson, before it has loaded.
 */
export function browserHttpLink(): TRPCLink<AppRouter> {
  return httpBatchLink({
    url: '/trpc',
    maxItems: TRPC_MAX_BATCH,
    transformer: superjson,
    fetch: (input, init) => fetchWithin(REQUEST_TIMEOUT_MS, input, { ...init, credentials: 'include' }),
  })
}

/**
 * A request the server has not answered within `ms` is given up, so a form stops saying
 * "Sending..." and shows its failure instead of waiting for ever on a dead connection. A timer, not
 * AbortSignal.timeout, so the browser tests' fake clock can run it.
 */
function fetchWithin(ms: number, input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException('The server did not answer in time', 'TimeoutError')),
    ms,
  )
  init.signal?.addEventListener('abort', () => controller.abort(init.signal?.reason), { once: true })
  return fetch(input, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer))
}
