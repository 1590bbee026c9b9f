import middie from '@fastify/middie'
import { createServer } from 'vite'
import { parseEnv } from './env'
import { DEV_ASSETS } from './ssr/assets'
import type { RenderInput, RenderPage } from './ssr/types'
import { exitOnStartupError, startServer } from './start'

/**
 * Development entry: Vite in middleware mode inside Fastify. Browser modules hot-reload through
 * Vite; the page renderer is loaded through Vite too, so server-rendered markup follows edits.
 */
try {
  const env = parseEnv()
  const vite = await createServer({
    server: { middlewareMode: true, hmr: { port: env.PORT + 10000 } },
    appType: 'custom',
  })
  // Loaded through Vite on every call, so edits to pages show without a restart.
  const load = async () => (await vite.ssrLoadModule('/src/server/ssr/render.tsx')) as { render: RenderPage }
  const render: RenderPage = Object.assign(async (input: RenderInput) => (await load()).render(input), {
    resolve: async (url: string) => (await load()).render.resolve(url),
  })
  await startServer(env, {
    render,
    assets: DEV_ASSETS,
    dev: true,
    beforeRoutes: async (instance) => {
      await instance.register(middie)
      instance.use(vite.middlewares)
      instance.addHook('onClose', async () => vite.close())
    },
  })
} catch (error) {
  exitOnStartupError(error)
}
