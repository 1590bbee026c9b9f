import { parse } from 'node:querystring'
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FormPostState } from '../../shared/form-post'
import type { ApiErrorBody } from '../errors'
import { plainPage, sendPlainPage } from '../plain-page'
import { isOwnOrigin } from './same-origin'

/**
 * Public forms posted without JavaScript (docs/decisions/030-forms-without-javascript.md). A form
 * page's <form> posts urlencoded to the same REST route its script calls with JSON; the route names
 * its page in `config: { htmlForm }`, and this plugin alone turns the route's answer into what a
 * browser needs: a success into a 303 to a page that says so, a refusal (the error handler calls
 * `sendFormRefusal`) into the form's page again, 4xx, with what was typed and the messages. The
 * handler, its schema, the honeypot, the rate limit and the cross-site rule are the route's own,
 * unchanged; a JSON request never comes here.
 */
export type HtmlForm = {
  /** The form on the page, as the page's form component knows it (useFormPost). */
  form: FormPostState['form']
  /** The path of the page that shows the form, where a refused post is shown again. */
  page: (request: FastifyRequest) => string
  /** Where a success leads: a page whose address says so (its route's validateSearch keeps the parameter). */
  done: (request: FastifyRequest, answer: Record<string, unknown>) => string
  /** A form outside the React app (the sign-in page): its page, made here, instead of the page renderer. */
  plain?: (state: FormPostState, status: number) => string
  /** HTML checkboxes send "on" or nothing; the schema reads these fields as true or false. */
  checkboxes?: readonly string[]
  /**
   * Fields a form repeats (a group of checkboxes) kept as lists from an urlencoded post, as the
   * multipart reader keeps them; any other repeated name keeps its first value, as it always has.
   */
  lists?: readonly string[]
}

/** Renders a page of the React app with a refused post in it; set by the page renderer (plugins/ssr.ts). */
export type FormPageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  state: FormPostState,
  status: number,
) => Promise<FastifyReply>

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public form's route that also takes the form's plain HTML post (see HtmlForm). */
    htmlForm?: HtmlForm
    /** Reads urlencoded bodies (the newsletter's and the sign-in's own pages' buttons), answering them itself. */
    formBody?: boolean
  }
  interface FastifyInstance {
    /** Null while no page renderer is registered (an API-only app): a refusal is then the JSON answer. */
    formPageRenderer: FormPageRenderer | null
  }
}

/** The largest urlencoded body read: a comment at its limits, every character percent-encoded, fits. */
export const FORM_BODY_LIMIT = 256 * 1024

const URLENCODED = /^application\/x-www-form-urlencoded\s*(;|$)/i

/** Marks every route of `scope` as reading urlencoded bodies (pages of buttons it answers itself). */
export function readsFormPosts(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, formBody: true }
  })
}

const MULTIPART = /^multipart\/form-data\s*(;|$)/i

/**
 * The route's form, when this request is its plain HTML post; a JSON request (fetch, tRPC) is not.
 * A form with files posts multipart: a browser's own post, unless its script asked for JSON
 * (the registry's application form sends its FormData with `Accept: application/json`).
 */
function htmlFormOf(request: FastifyRequest): HtmlForm | undefined {
  const form = request.routeOptions.config.htmlForm
  if (!form || request.method !== 'POST') return undefined
  const type = request.headers['content-type'] ?? ''
  if (URLENCODED.test(type)) return form
  return MULTIPART.test(type) && !/application\/json/i.test(request.headers.accept ?? '') ? form : undefined
}

/**
 * A parsed form: its fields as text (the first of a repeated name, unless the form names it as a
 * list), its checkboxes as true or false.
 */
function readForm(text: string, form: Pick<HtmlForm, 'checkboxes' | 'lists'> = {}): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null)
  for (const [name, value] of Object.entries(parse(text))) {
    if (form.lists?.includes(name)) fields[name] = Array.isArray(value) ? value : [value]
    else fields[name] = Array.isArray(value) ? value[0] : value
  }
  for (const name of form.checkboxes ?? []) fields[name] = fields[name] !== undefined
  return fields
}

/**
 * The body of a post refused before it was read (the rate limit's and the cross-site check's hooks
 * run first): read now, when its length is declared and within the limit, so the page can keep it.
 */
async function readUnparsed(request: FastifyRequest, form: HtmlForm): Promise<Record<string, unknown>> {
  const declared = Number(request.headers['content-length'])
  const raw = request.raw
  if (!(declared <= FORM_BODY_LIMIT) || raw.readableEnded || raw.destroyed) return {}
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of raw) {
    size += (chunk as Buffer).length
    if (size > FORM_BODY_LIMIT) return {}
    chunks.push(chunk as Buffer)
  }
  return readForm(Buffer.concat(chunks).toString('utf8'), form)
}

/** What was typed, to put back in the form: text and checkboxes, a repeated field as lines. */
function shownValues(body: Record<string, unknown>): FormPostState['values'] {
  const values: FormPostState['values'] = {}
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' || typeof value === 'boolean') values[name] = value
    // A repeated field (a multipart form's ticked boxes): its values one per line.
    else if (Array.isArray(value) && value.every((one) => typeof one === 'string')) values[name] = value.join('\n')
  }
  return values
}

/**
 * A refused form post answered as a browser needs it: the form's page again with the status, what
 * was typed and the messages (a 5xx: a plain page saying so). False when the request is no form
 * post, or no page renderer is there: the caller sends the JSON answer.
 *
 * A post refused as cross-site (403) is shown empty: another site's words are not put into ours.
 */
export async function sendFormRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: ApiErrorBody,
): Promise<boolean> {
  const form = htmlFormOf(request)
  if (!form) return false
  const page = form.page(request)
  if (status >= 500) {
    const again = { href: page, label: 'Back to the form' }
    sendPlainPage(reply, status, plainPage({ title: 'Not sent', message: body.message, action: again }))
    return true
  }
  const renderer = request.server.formPageRenderer
  if (!form.plain && !renderer) return false
  const sent =
    status === 403
      ? {}
      : request.body && typeof request.body === 'object'
        ? (request.body as Record<string, unknown>)
        : URLENCODED.test(request.headers['content-type'] ?? '')
          ? await readUnparsed(request, form)
          : {}
  const state: FormPostState = {
    form: form.form,
    path: page,
    values: shownValues(sent),
    fields: body.fields ?? {},
    message: body.message,
  }
  if (form.plain) sendPlainPage(reply, status, form.plain(state, status))
  else if (renderer) {
    try {
      await renderer(request, reply, state, status)
    } catch (error) {
      // The page could not be made (its data is away): the refusal is still said, plainly.
      request.log.warn({ err: error }, 'a refused form post could not be shown on its page')
      const again = { href: page, label: 'Back to the form' }
      sendPlainPage(reply, status, plainPage({ title: 'Not sent', message: body.message, action: again }))
    }
  }
  return true
}

/**
 * The page a post came from, when the Referer is one of this site's pages: its path and query,
 * without the parameters named in `without`. Never another host's (a path like //host is refused),
 * and never an API route: after a refusal without JavaScript the browser's address is the route
 * the form posted to, and the next post names it as its Referer.
 */
export function refererPage(request: FastifyRequest, without: readonly string[] = []): string | null {
  const referer = request.headers.referer
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  if (!isOwnOrigin(request, url.origin) || /^\/(\/|api(\/|$)|trpc(\/|$))/.test(url.pathname)) return null
  for (const name of without) url.searchParams.delete(name)
  return `${url.pathname}${url.search}`
}

/** `path` with `name=value` set in its query (in place of any value it had). */
export function withParameter(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://page.invalid')
  url.searchParams.set(name, value)
  return `${url.pathname}${url.search}`
}

export const formPostsPlugin = fp(
  async (app) => {
    app.decorate('formPageRenderer', null)

    // One reader of urlencoded bodies for the whole app, for the routes that ask for them; any
    // other route refuses them as before (the API takes JSON).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (request, body, done) => {
        const { htmlForm, formBody } = request.routeOptions.config
        if (!htmlForm && !formBody) return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined)
        done(null, readForm(String(body), htmlForm))
      },
    )

    // A form post that succeeded: 303 to the page that says so, instead of the JSON.
    app.addHook('onSend', async (request, reply, payload) => {
      const form = htmlFormOf(request)
      if (!form || reply.statusCode < 200 || reply.statusCode >= 300) return payload
      let answer: Record<string, unknown> = {}
      try {
        answer = typeof payload === 'string' ? JSON.parse(payload) : {}
      } catch {
        // Not JSON: the outcome page does not depend on it.
      }
      reply.code(303).header('location', form.done(request, answer)).header('cache-control', 'no-store')
      reply.type('text/plain; charset=utf-8')
      return ''
    })
  },
  { name: 'form-posts', dependencies: ['config'] },
)
