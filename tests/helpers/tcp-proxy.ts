import { connect, createServer, type Server, type Socket } from 'node:net'

export type TcpProxy = {
  port: number
  /** Refuses new connections and cuts the open ones, as a database that went away. */
  stop: () => Promise<void>
  /** Accepts connections again on the same port. */
  start: () => Promise<void>
}

/** A TCP relay on 127.0.0.1 to `target`, which a test can cut and restore to stage an outage. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address()
        port = typeof address === 'object' && address ? address.port : port
        resolve()
      })
    })
  await listen()
  return {
    get port() {
      return port
    },
    async stop() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      server = null
    },
    start: listen,
  }
}
