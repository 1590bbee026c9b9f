import type { FastifyInstance } from 'fastify'

/** Every route the app registered, read from Fastify's own route tree. */
export function registeredRoutes(target: FastifyInstance): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = []
  const stack: string[] = []
  for (const line of target.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    stack.length = depth
    const url = `${stack.join('')}${match[2]}`
    stack.push(match[2] ?? '')
    for (const method of (match[3] ?? '').split(', ')) found.push({ method, url })
  }
  return found
}
