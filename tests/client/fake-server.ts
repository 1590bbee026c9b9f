import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { type TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc'
import superjson from 'superjson'
import { vi } from 'vitest'

/** A procedure's refusal, as the server's error formatter words it (server/trpc/init.ts). */
export class Refusal extends Error {
  constructor(
    readonly code: TRPC_ERROR_CODE_KEY,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

/** What a procedure answers with: its output, or a thrown Refusal. `input` is what the client sent. */
type Handler = (input: unknown) => unknown

type Call = { path: string; input: unknown }

/**
 * The other end of the app's real tRPC client (lib/trpc.ts with lib/trpc-http.ts's batched,
 * superjson link): `fetch` is put in the browser's place, reads each batched call, and answers it
 * in tRPC's wire format from `handlers`, keyed by procedure path ('researchStudies.adminList').
 * `calls` lists what arrived, in order; `offline()` makes every request fail as a dead network does.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: Call[] = []
  let down = false
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (down) throw new TypeError('Failed to fetch')
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',')
    const sent = JSON.parse(
      init?.method === 'POST' ? String(init.body ?? '{}') : (url.searchParams.get('input') ?? '{}'),
    ) as Record<string, Parameters<typeof superjson.deserialize>[0] | undefined>
    let status = 200
    const answers = await Promise.all(
      paths.map(async (path, index) => {
        const wire = sent[index]
        const procedureInput = wire === undefined ? undefined : superjson.deserialize(wire)
        calls.push({ path, input: procedureInput })
        try {
          const handler = handlers[path]
          if (!handler) throw new Refusal('NOT_FOUND', `No procedure ${path} in this test`)
          return { result: { data: superjson.serialize(await handler(procedureInput)) } }
        } catch (error) {
          if (!(error instanceof Refusal)) throw error
          const httpStatus = getHTTPStatusCodeFromError(new TRPCError({ code: error.code }))
          status = httpStatus
          return {
            error: superjson.serialize({
              message: error.message,
              code: TRPC_ERROR_CODES_BY_KEY[error.code],
              data: { code: error.code, httpStatus, path, ...(error.fields ? { fields: error.fields } : {}) },
            }),
          }
        }
      }),
    )
    return new Response(JSON.stringify(answers), { status, headers: { 'content-type': 'application/json' } })
  })
  return {
    fetch,
    calls,
    /** How many times `path` was called so far. */
    count: (path: string) => calls.filter((call) => call.path === path).length,
    offline: (value = true) => {
      down = value
    },
  }
}

export type FakeServer = ReturnType<typeof fakeServer>
