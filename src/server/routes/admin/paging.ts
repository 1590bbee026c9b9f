import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Newest-first lists answer a page as a plain array; when more may follow, a `Link: <…>; rel="next"`
 * header (RFC 8288) names the next page, as GitHub's API does (README, API).
 */
export function linkNextPage<Row extends { id: number | string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: Row[],
  limit: number,
): Row[] {
  const last = rows.at(-1)
  if (rows.length === limit && last) {
    const url = new URL(request.url, 'http://localhost')
    url.searchParams.set('before', String(last.id))
    url.searchParams.set('limit', String(limit))
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`)
  }
  return rows
}
