import { request } from 'node:http'

export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/**
 * A request as a client sends it, raw: the target as written (an absolute form, '*'), no decoding,
 * no connection reuse, so the encoding and bytes the server chose are what the test sees.
 */
export function rawRequest(base: string, target: string, headers: Record<string, string> = {}, method = 'GET') {
  const { hostname, port } = new URL(base)
  return new Promise<RawAnswer>((resolve, reject) => {
    request({ hostname, port, path: target, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}
