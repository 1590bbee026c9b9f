import { DrizzleQueryError } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { serializeError } from '../../src/server/log'

describe('serializeError', () => {
  it('keeps a failed query’s SQL and code but never its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(jane@example.org) already exists.',
    })
    const error = new DrizzleQueryError(
      'insert into "contact_submissions" values ($1, $2)',
      ['Jane', 'jane@example.org'],
      cause,
    )
    const logged = JSON.stringify(serializeError(error))
    expect(logged).toContain('insert into')
    expect(logged).toContain('23505')
    expect(logged).not.toContain('jane@example.org')
    expect(logged).not.toContain('Jane')
  })
})
