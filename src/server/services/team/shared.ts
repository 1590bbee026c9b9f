import { createHash } from 'node:crypto'

/* What the team's modules share: how a secret is kept (its hash) and how an address is compared. */

export const hash = (token: string) => createHash('sha256').update(token).digest('hex')
export const normal = (email: string) => email.trim().toLowerCase()
