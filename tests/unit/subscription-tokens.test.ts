import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../src/server/services/csv'
import {
  CONFIRM_LINK_TTL_MS,
  confirmToken,
  readConfirmToken,
  readUnsubscribeToken,
  unsubscribeToken,
} from '../../src/server/services/subscription-tokens'

const SECRET = 'unit-secret-unit-secret-unit-secret-0000'
const ID = '6f1c2b8e-8d7a-4a52-9d3e-0c5a1e2f3b4c'

describe('unsubscribe tokens', () => {
  it('name their subscriber, for ever, and only with the key they were made with', () => {
    const token = unsubscribeToken(SECRET, ID)
    expect(readUnsubscribeToken(SECRET, token)).toBe(ID)
    expect(readUnsubscribeToken('another-secret-another-secret-another-00', token)).toBeNull()
  })

  it('refuse any change to the id, the signature or the shape', () => {
    const token = unsubscribeToken(SECRET, ID)
    const [id, signature] = token.split('.') as [string, string]
    const flipped = `${signature.slice(0, 5)}${signature[5] === 'a' ? 'b' : 'a'}${signature.slice(6)}`
    for (const bad of [
      `${id}.${flipped}`,
      `${id.replace('6', '7')}.${signature}`,
      `${id}.${signature}.extra`,
      `${id}.`,
      `.${signature}`,
      id,
      `${id}/../x.${signature}`,
      '',
    ]) {
      expect(readUnsubscribeToken(SECRET, bad), bad).toBeNull()
    }
  })
})

describe('confirmation tokens', () => {
  const since = new Date('2026-11-20T10:00:00.123Z')

  it('name the subscriber and the time it became pending, for 7 days', () => {
    const token = confirmToken(SECRET, ID, since)
    expect(readConfirmToken(SECRET, token, since.getTime() + 1000)).toEqual({ subscriberId: ID, pendingSince: since })
    expect(readConfirmToken(SECRET, token, since.getTime() + CONFIRM_LINK_TTL_MS + 1)).toBeNull()
  })

  it('are not unsubscribe tokens, nor the other way round (one key per purpose)', () => {
    const confirm = confirmToken(SECRET, ID, since)
    const unsubscribe = unsubscribeToken(SECRET, ID)
    expect(readUnsubscribeToken(SECRET, confirm)).toBeNull()
    expect(readConfirmToken(SECRET, unsubscribe, since.getTime())).toBeNull()
    const [id, , signature] = confirm.split('.')
    expect(readUnsubscribeToken(SECRET, `${id}.${signature}`)).toBeNull()
  })

  it('refuse a changed time', () => {
    const [id, time, signature] = confirmToken(SECRET, ID, since).split('.')
    expect(readConfirmToken(SECRET, `${id}.${Number(time) + 1}.${signature}`, since.getTime())).toBeNull()
  })
})

describe('CSV cells', () => {
  it('neutralise a leading =, +, -, @, tab or carriage return with an apostrophe', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('\r=1')).toBe(`"'\r=1"`)
    expect(csvCell('a=1')).toBe('a=1')
  })

  it('quote commas, quotes and line breaks as RFC 4180 does', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("a,b\r\n1,'=2\r\n")
  })
})
