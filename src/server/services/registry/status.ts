import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listings } from '../../../db/schema'
import { LISTING_STATUS_LABELS, type ListingStatus, STATUS_MOVES } from '../../../shared/registry'
import type { AdminListing, StatusChange } from '../../../shared/schemas/registry'
import { BadInputError, ConflictError } from '../../errors'
import type { Actor } from '../audit'
import { adminListing } from './read'
import { lockedListing, recordStatusMove, todayOf } from './shared'

/*
 * The council's status moves (docs/registry.md): suspend listed → suspended; reinstate suspended →
 * listed while the expiry date is ahead; renew listed or expired → listed with a new expiry date;
 * withdraw listed, suspended or expired → withdrawn, which is final. Each move, its public history
 * row and its activity row are one transaction.
 */

const word = (status: ListingStatus) => LISTING_STATUS_LABELS[status].toLowerCase()

/** Why a move is refused, in a sentence the admin shows as it is (409). */
function refusal(number: string, action: StatusChange['action'], status: ListingStatus): string {
  if (status === 'withdrawn') return `${number} was withdrawn: a withdrawn listing never changes again`
  switch (action) {
    case 'suspend':
      return `${number} is ${word(status)}: only a listed listing can be suspended`
    case 'reinstate':
      return `${number} is ${word(status)}: only a suspended listing can be reinstated`
    case 'renew':
      return `${number} is ${word(status)}: reinstate it first, or withdraw it`
    case 'withdraw':
      return `${number} is ${word(status)}`
  }
}

export async function changeListingStatus(
  db: Db,
  actor: Actor,
  input: StatusChange,
  now: Date = new Date(),
): Promise<AdminListing> {
  const today = todayOf(now)
  if (input.action === 'renew' && (input.expiresOn === undefined || input.expiresOn <= today)) {
    throw new BadInputError('The new expiry date must be after today', {
      expiresOn: 'The new expiry date must be after today',
    })
  }
  return db.transaction(async (tx) => {
    const row = await lockedListing(tx, input.id)
    const from = row.status as ListingStatus
    const move = STATUS_MOVES[input.action]
    if (!move.from.includes(from)) throw new ConflictError(refusal(row.number, input.action, from))
    if (input.action === 'reinstate' && row.expiresOn <= today) {
      throw new ConflictError(`${row.number} expired on ${row.expiresOn}: renew it with a new expiry date instead`)
    }
    const expiresOn = input.action === 'renew' && input.expiresOn ? input.expiresOn : row.expiresOn
    if (expiresOn <= row.listedOn) {
      throw new BadInputError('The new expiry date must be after the listed-on date', {
        expiresOn: 'The new expiry date must be after the listed-on date',
      })
    }
    await tx.update(listings).set({ status: move.to, expiresOn, updatedAt: now }).where(eq(listings.id, row.id))
    await recordStatusMove(tx, actor, row, {
      move: input.action,
      from,
      to: move.to,
      reason: input.reason,
      expiresOn,
      previousExpiresOn: row.expiresOn,
      at: now,
    })
    return adminListing(tx, row.id)
  })
}
