import { createVerify, X509Certificate } from 'node:crypto'
import { z } from 'zod'

/*
 * Amazon SNS's HTTPS messages, as SES publishes its bounce and complaint notifications through them
 * (docs/mail-events.md). A message is signed by AWS with the key of the certificate at its
 * SigningCertURL; the certificate is taken only from an SNS host over HTTPS, and kept.
 */

/** Where SNS's signing certificates and subscription links live: nowhere else is fetched. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/

export function isSnsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && SNS_HOST.test(url.hostname) && url.port === '' && !url.username
  } catch {
    return false
  }
}

const text = z.string().max(262_144)
export const SnsMessageSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: text,
  TopicArn: text,
  Subject: text.optional(),
  Message: text,
  Timestamp: text,
  SignatureVersion: z.enum(['1', '2']),
  Signature: text,
  SigningCertURL: text,
  SubscribeURL: text.optional(),
  Token: text.optional(),
})
export type SnsMessage = z.infer<typeof SnsMessageSchema>

/** The text SNS signs: named fields, each as "Name\nvalue\n", in this order, those present. */
export function snsStringToSign(message: SnsMessage): string {
  const fields: (keyof SnsMessage)[] =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type']
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('')
}

/** Fetches a text over HTTPS: the certificate, and the link that confirms a subscription. */
export type FetchText = (url: URL) => Promise<string>

export const fetchSnsText: FetchText = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' })
  if (!response.ok) throw new Error(`${url.hostname} answered ${response.status}`)
  const body = await response.text()
  if (body.length > 65_536) throw new Error(`${url.hostname} sent more than 64 KB`)
  return body
}

const MAX_KEPT_CERTIFICATES = 16

/** Verifies SNS messages, keeping the certificates it fetched (SNS rotates them rarely). */
export function snsVerifier(fetchText: FetchText) {
  const certificates = new Map<string, Promise<X509Certificate>>()
  const certificate = (address: string) => {
    let kept = certificates.get(address)
    if (!kept) {
      kept = fetchText(new URL(address)).then((pem) => new X509Certificate(pem))
      // A failed fetch is not kept: the provider's retry fetches again.
      kept.catch(() => certificates.delete(address))
      if (certificates.size >= MAX_KEPT_CERTIFICATES) certificates.delete(certificates.keys().next().value ?? '')
      certificates.set(address, kept)
    }
    return kept
  }
  /** Whether AWS signed the message; false for a certificate that is not SNS's or cannot be read. */
  return async (message: SnsMessage): Promise<boolean> => {
    if (!isSnsUrl(message.SigningCertURL)) return false
    let cert: X509Certificate
    try {
      cert = await certificate(message.SigningCertURL)
    } catch {
      return false
    }
    if (!cert.subject.includes('amazonaws.com') && !cert.subjectAltName?.includes('amazonaws.com')) return false
    const verify = createVerify(message.SignatureVersion === '2' ? 'RSA-SHA256' : 'RSA-SHA1')
    verify.update(snsStringToSign(message), 'utf8')
    try {
      return verify.verify(cert.publicKey, message.Signature, 'base64')
    } catch {
      return false
    }
  }
}
