import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  /** The envelope's recipients, as the sender gave them to RCPT TO. */
  envelopeTo: string[]
  envelopeFrom: string
  parsed: ParsedMail
  /** The message as it came over the wire, for checks a parse would lose (a DKIM signature). */
  raw: Buffer
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package, which nodemailer's authors maintain),
 * for tests that must see what the app sends: it parses each message it accepts. It can be
 * stopped and started again on the same port (an outage), or told to refuse recipients with 550.
 */
export async function startSmtpServer(options: { user?: string; password?: string } = {}) {
  const received: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  let refuse = false
  /** While set, a message is read in full but not answered until released (a slow mail server). */
  let held: { gate: Promise<void>; arrived: number; onArrive: (() => void)[] } | null = null
  const auth = options.user !== undefined

  const create = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !auth,
      allowInsecureAuth: auth,
      logger: false,
      onAuth(credentials, _session, callback) {
        if (credentials.username === options.user && credentials.password === options.password) {
          callback(null, { user: credentials.username })
        } else {
          callback(new Error('Invalid username or password'))
        }
      },
      onRcptTo(_address, _session, callback) {
        if (!refuse) return callback()
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number }
        error.responseCode = 550
        callback(error)
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('error', (error: Error) => callback(error))
        stream.on('end', async () => {
          const hold = held
          if (hold) {
            hold.arrived += 1
            for (const wake of hold.onArrive.splice(0)) wake()
            await hold.gate
          }
          const raw = Buffer.concat(chunks)
          simpleParser(raw).then(
            (parsed) => {
              received.push({
                parsed,
                raw,
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              })
              for (const wake of waiters.splice(0)) wake()
              callback()
            },
            (error: Error) => callback(error),
          )
        })
      },
    })

  let server = create()
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port))
    })
  const port = await listen(0)

  return {
    port,
    url: options.user
      ? `smtp://${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@127.0.0.1:${port}`
      : `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` mails in all have arrived, or fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`expected ${count} mails, received ${received.length}`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return received.slice(0, count)
    },
    /**
     * Resolves once `count` mails that `match` have arrived (others may arrive too, before or
     * between them), with those mails in order of arrival; fails after `timeoutMs`.
     */
    async waitForMatching(
      match: (mail: ReceivedMail) => boolean,
      count: number,
      timeoutMs = 10_000,
    ): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.filter(match)
        if (found.length >= count) return found.slice(0, count)
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`expected ${count} matching mails, received ${found.length}`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    refuseRecipients(on: boolean) {
      refuse = on
    },
    /**
     * Holds every message from now on: read in full, then unanswered until `release()`. `arrived`
     * resolves once `count` held messages have come in.
     */
    hold() {
      let release = () => {}
      const gate = new Promise<void>((resolve) => {
        release = resolve
      })
      const state = { gate, arrived: 0, onArrive: [] as (() => void)[] }
      held = state
      return {
        async arrived(count: number, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs
          while (state.arrived < count) {
            const left = deadline - Date.now()
            if (left <= 0) throw new Error(`expected ${count} held mails, ${state.arrived} arrived`)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, left)
              state.onArrive.push(() => {
                clearTimeout(timer)
                resolve()
              })
            })
          }
        },
        release() {
          held = null
          release()
        },
      }
    },
    /** Closes the port: connections are refused until start(). */
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = create()
      await listen(port)
    },
  }
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>

/** The first http(s) link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail | undefined, prefix: string): string {
  if (!mail) throw new Error('no mail')
  const text = mail.parsed.text ?? ''
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix))
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`)
  return found
}
