import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FormPostState } from '../../shared/form-post'
import { type Answer, buildAnswer, sendAnswer } from '../kept-answers/answer'
import type { KeptEntry } from '../kept-answers/store'
import { loggedRequest } from '../log'
import type { ClientAssets } from '../ssr/assets'
import type { RenderPage } from '../ssr/types'
import { createContext } from '../trpc/context'
import type { SecurityOptions } from './security'

export type SsrOptions = {
  render: RenderPage
  assets: ClientAssets
  /** Built client folder to serve /assets from; absent in development (Vite serves modules). */
  clientDist?: string
  /** Development: Vite's middleware is mounted here, and its inline scripts are allowed. */
  dev?: boolean
  beforeRoutes?: (app: FastifyInstance) => Promise<void>
}

type Options = SsrOptions & { security: SecurityOptions }

/**
 * Renders public pages on the server with their data and meta. A page the same for everyone is
 * kept in the one store of kept answers (src/server/kept-answers) under its canonical key until the
 * content behind it changes (docs/decisions/023-kept-answers-one-layer.md). Registered last: its
 * catch-all route answers every GET nothing else claimed.
 */
export const ssrPlugin = fp<Options>(
  async (app, options) => {
    const answers = app.keptAnswers
    if (options.beforeRoutes) await options.beforeRoutes(app)

    if (options.clientDist) {
      await app.register(fastifyStatic, {
        root: join(options.clientDist, 'assets'),
        prefix: '/assets/',
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
        index: false,
        wildcard: true,
        decorateReply: false,
      })
      await app.register(fastifyStatic, {
        root: join(options.clientDist, 'static'),
        prefix: '/static/',
        preCompressed: true,
        maxAge: '1d',
        index: false,
        decorateReply: false,
      })
    }

    type Rendered = { status: number; answer: Answer; location?: string; dataFailed: boolean; kept: boolean }

    /**
     * Renders a page and builds its answer. Only a complete 200, or the not-found page all unknown
     * paths share, is kept; a redirect, any other error and half a page never are.
     */
    const renderPage = async (
      request: FastifyRequest,
      url: string,
      key: string | null,
      formPost?: FormPostState,
    ): Promise<Rendered> => {
      const { status, html, scriptHashes, location, dataFailed } = await options.render({
        url,
        site: app.site,
        assets: options.assets,
        createContext: async () => createContext({ req: request, inProcess: true }),
        formPost,
      })
      // The shared not-found entry holds a 404 and nothing else; every other entry a 200.
      const kept = key !== null && !dataFailed && !location && status === (key === 'not-found' ? 404 : 200)
      const answer = buildAnswer(
        html,
        {
          contentType: 'text/html; charset=utf-8',
          cacheControl: key !== null ? 'no-cache' : 'no-store, private',
          scriptHashes,
          security: options.security,
        },
        'quick',
      )
      return { status, answer, location, dataFailed, kept }
    }

    // A public form posted without JavaScript and refused: its page again, with what was typed and
    // the messages, under the refusal's status; never kept (docs/decisions/030-forms-without-javascript.md).
    app.formPageRenderer = async (request, reply, state, status) => {
      const { redirect, renderUrl } = await options.render.resolve(state.path)
      const url = redirect ?? renderUrl
      const rendered = await renderPage(request, url, null, { ...state, path: url })
      if (rendered.location) return reply.redirect(rendered.location, 303)
      const shown = rendered.dataFailed ? 503 : rendered.status === 200 ? status : rendered.status
      return reply.send(sendAnswer(request, reply, rendered.answer, shown))
    }

    // A page that is not kept yet is rendered once however many visitors ask for it at the same
    // moment (a cold start, or just after a change): the others wait for that render.
    const inFlight = new Map<string, Promise<Rendered>>()
    const renderOnce = (key: string | null, at: number, render: () => Promise<Rendered>) => {
      if (key === null) return render()
      const slot = `${at}:${key}`
      let pending = inFlight.get(slot)
      if (!pending) {
        pending = render().finally(() => inFlight.delete(slot))
        inFlight.set(slot, pending)
      }
      return pending
    }

    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const url = request.url
        // Unknown API and file paths get the one JSON not-found answer, not a page.
        if (/^\/(api|trpc|files|assets)(\/|$|\?)/.test(url)) return reply.callNotFound()
        const { key, redirect, renderUrl, route } = await options.render.resolve(url)
        request.metricsRoute = route
        if (redirect !== undefined) return reply.redirect(redirect, 308)
        let entry: KeptEntry | undefined = key === null ? undefined : answers.get(key)
        if (key !== null) {
          if (entry === undefined) app.metrics?.keptMiss()
          else app.metrics?.keptHit()
        }
        if (entry === undefined) {
          const since = answers.generation
          const rendered = await renderOnce(key, since, () => renderPage(request, renderUrl, key))
          if (rendered.location) return reply.redirect(rendered.location, rendered.status)
          if (rendered.dataFailed) {
            // Half a page is not passed off as a success: the next visit tries again.
            request.log.warn({ url: loggedRequest(request.method, url).url }, 'page rendered without some of its data')
            reply.header('retry-after', '5')
            return reply.send(sendAnswer(request, reply, rendered.answer, 503))
          }
          if (!rendered.kept || key === null)
            return reply.send(sendAnswer(request, reply, rendered.answer, rendered.status))
          // Visitors who waited for the same render share the entry the first of them kept.
          entry = answers.peek(key)
          if (entry === undefined) {
            entry = { status: rendered.status === 404 ? 404 : 200, answer: rendered.answer, fastPath: true, route }
            answers.keep(key, entry, since)
          }
        }
        // From now on this URL is answered before Fastify, until content changes.
        if (key !== null) answers.alias(url, key)
        return reply.send(sendAnswer(request, reply, entry.answer, entry.status))
      },
    })
  },
  { name: 'ssr', dependencies: ['db', 'content-events', 'security', 'kept-answers', 'form-posts'] },
)
