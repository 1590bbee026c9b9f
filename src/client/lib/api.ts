import { TRPCClientError } from '@trpc/client'
import { formatHttpError } from '../../shared/http-error'

/**
 * The REST fetcher of docs/product.md#the-api-contract: cookies always sent, JSON content type only with a body,
 * and any non-success answer thrown as an Error whose message is "status: body".
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(formatHttpError(response.status, await response.text(), response.statusText))
  return response
}

/** tRPC errors in the same "status: message" shape, so one check serves both kinds of call. */
export function toHttpError(error: unknown): Error {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 500
    return new Error(formatHttpError(status, error.message, ''))
  }
  return error instanceof Error ? error : new Error(String(error))
}
