import type { FastifyReply, FastifyRequest } from 'fastify'
import { APPLICANT_COOKIE, APPLICATION_SIGN_IN } from '../../shared/registry-applications'
import { AppError } from '../errors'
import { readApplicationToken } from '../services/registry/links'

/*
 * An applicant's credential (docs/decisions/048-registry-applications.md): the application's signed
 * link, held in an HttpOnly cookie once its page's button was pressed, or sent by an API client as
 * a bearer token. There is no account: the link is the whole authority, and for one application.
 */

const APPLICANT_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60

/** The token the request carries: its bearer token first (an API client), else the cookie. */
export function applicantToken(request: FastifyRequest): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')
  if (bearer?.[1]) return bearer[1]
  return request.cookies?.[APPLICANT_COOKIE] ?? null
}

/** The application the request's credential names; a 401 saying how to reach the page otherwise. */
export function applicantApplicationId(request: FastifyRequest): string {
  const id = readApplicationToken(request.server.sessionSecret, applicantToken(request))
  if (!id) throw new AppError('unauthorized', APPLICATION_SIGN_IN)
  return id
}

/** Keeps the link in the browser, out of the address bar and every later Referer. */
export function setApplicantCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(APPLICANT_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.env.PUBLIC_URL.startsWith('https://'),
    path: '/',
    maxAge: APPLICANT_COOKIE_MAX_AGE_S,
  })
}
