import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { COUNCIL_DOCUMENTS } from '../../src/content/documents'
import { auditLog, listingStatusChanges, listings, standardDocuments, standardVersions } from '../../src/db/schema'
import {
  changeListingStatus,
  createListing,
  expireDueListings,
  listRegistry,
  registryListing,
  todayOf,
} from '../../src/server/services/registry'
import { seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import {
  ATA_REFUSAL,
  DEFAULT_LISTED_REASON,
  EXPIRED_REASON,
  listingKey,
  NO_LISTING,
  unknownZipSentence,
} from '../../src/shared/registry'
import {
  type AdminListing,
  ListingInputSchema,
  type ListingInputValues,
  type RegistryPage,
  RegistrySearchSchema,
} from '../../src/shared/schemas/registry'
import { standardKey } from '../../src/shared/schemas/standards'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { makePdf } from '../helpers/fixtures'
import { loginCookie, memberCookie, SAME_ORIGIN } from '../helpers/login'

/*
 * The registry's core (issue 37): numbering, status moves with their history and activity rows,
 * expiry once across replicas, declarations of published versions, supersession, the search.
 * Fictional organisations only.
 */

const ctx = setUpTestApp({ env: { ADMIN_EMAILS: 'owner@example.org' } })
const OWNER = { email: 'owner@example.org' }
const DAY_MS = 24 * 60 * 60 * 1000
const STANDARD = COUNCIL_DOCUMENTS[0]?.number as string

beforeEach(async () => {
  await seedStandards(ctx.app.db, ctx.app.site)
})

const facility = (overrides: Partial<Record<string, unknown>> = {}): ListingInputValues =>
  ({
    kind: 'facility',
    organisationName: 'Example Wellness Centre',
    contactEmail: 'council-contact@example.org',
    street: '1 Example Street',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    declarations: [{ number: STANDARD, version: '1.0' }],
    ...overrides,
  }) as ListingInputValues

const chamber = (overrides: Partial<Record<string, unknown>> = {}): ListingInputValues =>
  ({
    kind: 'chamber',
    organisationName: 'Example Chambers Inc.',
    contactEmail: 'maker@example.org',
    manufacturer: 'Example Chambers',
    modelName: 'Calm 1.3',
    maxPressureAta: 1.3,
    fda510k: 'k123456',
    statedStandards: ['ASME PVHO-1'],
    ...overrides,
  }) as ListingInputValues

const settings = { listingDays: 365 }
const create = (values: ListingInputValues, actor = OWNER) =>
  createListing(ctx.app.db, actor, ListingInputSchema.parse(values), settings)

const trpc = async (cookie: string, path: string, input: unknown, method: 'GET' | 'POST' = 'POST') =>
  ctx.app.inject(
    method === 'GET'
      ? {
          method,
          url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
          headers: { ...SAME_ORIGIN, cookie },
        }
      : {
          method,
          url: `/trpc/${path}`,
          headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ json: input }),
        },
  )

const owner = () => loginCookie(ctx.app, OWNER.email)
const search = (query: Record<string, unknown>) => listRegistry(ctx.app.db, RegistrySearchSchema.parse(query))

describe('listing numbers', () => {
  it('come from a sequence: in order, unique under 20 concurrent creates, never given twice', async () => {
    const first = await create(facility())
    expect(first.number).toBe('MHBOT-SC/L-0001')
    expect(first.key).toBe('MHBOT-SC-L-0001')
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, n) => create(facility({ organisationName: `Example Centre ${n}` }))),
    )
    const numbers = created.map((row) => row.number)
    expect(new Set(numbers).size).toBe(20)
    expect(numbers.every((number) => /^MHBOT-SC\/L-\d{4}$/.test(number))).toBe(true)

    // A create that took a number and then failed leaves a gap: the number is never given again.
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await tx.insert(listings).values({
          kind: 'chamber',
          organisationName: 'Rolled back',
          contactEmail: 'x@example.org',
          manufacturer: 'X',
          modelName: 'Y',
          maxPressureAta: 1.5,
          listedOn: '2026-01-01',
          expiresOn: '2027-01-01',
        })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const after = await create(facility({ organisationName: 'After the gap' }))
    expect(after.number).toBe('MHBOT-SC/L-0023')
    const all = await ctx.app.db.select({ number: listings.number }).from(listings)
    expect(all.map((row) => row.number)).not.toContain('MHBOT-SC/L-0022')
  })

  it('a listing page answers by the canonical number; a withdrawn one keeps its number and page', async () => {
    const made = await create(facility())
    const page = await registryListing(ctx.app.db, made.number)
    expect(page).toMatchObject({
      number: 'MHBOT-SC/L-0001',
      key: listingKey('MHBOT-SC/L-0001'),
      kind: 'facility',
      status: 'listed',
      name: 'Example Wellness Centre',
      city: 'Austin',
      manufacturer: null,
      history: [{ from: null, to: 'listed', reason: DEFAULT_LISTED_REASON }],
    })
    expect(JSON.stringify(page)).not.toContain('council-contact@example.org')
    expect(await registryListing(ctx.app.db, 'MHBOT-SC/L-0099')).toBeNull()
    const typed = await trpc(await owner(), 'registry.listing', { number: 'mhbot sc l 1' }, 'GET')
    expect(typed.json().result.data.json.number).toBe('MHBOT-SC/L-0001')
    const malformed = await trpc(await owner(), 'registry.listing', { number: 'MHBOT-SC/G-001' }, 'GET')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.json.message).toBe(NO_LISTING)
  })
})

describe('creating and editing', () => {
  it('writes the first history row and an activity row with the listing', async () => {
    const made = await create(facility())
    const history = await ctx.app.db
      .select()
      .from(listingStatusChanges)
      .where(eq(listingStatusChanges.listingId, made.id))
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: 'listed', reason: DEFAULT_LISTED_REASON, actorEmail: OWNER.email },
    ])
    const logged = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entity, 'listing'))
    expect(logged).toMatchObject([{ action: 'create', entityId: made.id, actorEmail: OWNER.email }])
    expect(JSON.stringify(logged)).not.toContain('council-contact@example.org')
    const [row] = await ctx.app.db.select().from(listings).where(eq(listings.id, made.id))
    // A year by default, from today; the place from the ZIP code.
    expect(row?.listedOn).toBe(todayOf())
    expect(row?.expiresOn).toBe(
      new Date(Date.parse(`${todayOf()}T00:00:00Z`) + 365 * DAY_MS).toISOString().slice(0, 10),
    )
    expect(row?.latitude).toBeCloseTo(30.27, 0)
  })

  it('refuses a chamber above 2.0 ATA with the sentence, and a declaration that is not a published version', async () => {
    const cookie = await owner()
    const tooHigh = await trpc(cookie, 'registry.admin.create', chamber({ maxPressureAta: 2.4 }))
    expect(tooHigh.statusCode).toBe(400)
    expect(tooHigh.json().error.json.data.fields.maxPressureAta).toBe(ATA_REFUSAL)
    expect(tooHigh.json().error.json.message).toBe(ATA_REFUSAL)

    // A draft of the standard, and a version that does not exist.
    const [document] = await ctx.app.db
      .select()
      .from(standardDocuments)
      .where(eq(standardDocuments.key, standardKey(STANDARD)))
    await ctx.app.db
      .insert(standardVersions)
      .values({ documentId: document?.id as number, version: '1.1', state: 'draft', body: 'Draft.' })
    for (const version of ['1.1', '9.9']) {
      const refused = await trpc(
        cookie,
        'registry.admin.create',
        facility({ declarations: [{ number: STANDARD, version }] }),
      )
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.json.message).toContain(`${STANDARD} version ${version} is not a published version`)
    }
    expect(await ctx.app.db.select().from(listings)).toHaveLength(0)

    const made = await trpc(cookie, 'registry.admin.create', chamber())
    expect(made.statusCode, made.body).toBe(200)
    const got = await trpc(cookie, 'registry.admin.get', { id: made.json().result.data.json.id }, 'GET')
    expect(got.json().result.data.json).toMatchObject({
      name: 'Example Chambers Calm 1.3',
      fda510k: 'K123456',
      fdaUrl: expect.stringContaining('K123456'),
      maxPressureAta: 1.3,
      contactEmail: 'maker@example.org',
    })
  })

  it('links a facility to a listed chamber model, both ways, and keeps the kind fixed', async () => {
    const model = await create(chamber())
    const centre = await create(
      facility({ chambers: [{ listingId: model.id }, { name: 'An older unlisted chamber' }] }),
    )
    const page = await registryListing(ctx.app.db, centre.number)
    expect(page?.chambers).toEqual([
      { name: 'Example Chambers Calm 1.3', number: model.number, key: model.key, status: 'listed' },
      { name: 'An older unlisted chamber', number: null, key: null, status: null },
    ])
    expect((await registryListing(ctx.app.db, model.number))?.usedBy).toEqual([
      { name: 'Example Wellness Centre', number: centre.number, key: centre.key },
    ])
    const notAModel = await trpc(
      await owner(),
      'registry.admin.create',
      facility({ chambers: [{ listingId: centre.id }] }),
    )
    expect(notAModel.statusCode).toBe(400)

    const cookie = await owner()
    const kindChange = await trpc(cookie, 'registry.admin.update', { id: centre.id, ...chamber() })
    expect(kindChange.statusCode).toBe(400)
    const edited = await trpc(cookie, 'registry.admin.update', {
      id: centre.id,
      ...facility({ city: 'Round Rock', postalCode: '78664', chambers: [{ listingId: model.id }] }),
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().result.data.json).toMatchObject({ city: 'Round Rock', chambers: [{ listingId: model.id }] })
    const logged = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'listing'), eq(auditLog.action, 'update')))
    expect(logged).toHaveLength(1)
    expect(logged[0]?.after).toMatchObject({ city: 'Round Rock' })
  })
})

describe('status changes', () => {
  const move = (id: string, action: string, extra: Record<string, unknown> = {}) =>
    changeListingStatus(ctx.app.db, OWNER, {
      id,
      action: action as 'suspend',
      reason: 'The council reviewed the listing.',
      ...extra,
    })

  it('moves as allowed, each with its history row and activity row, and refuses the rest with 409', async () => {
    const made = await create(facility())
    const suspended = await move(made.id, 'suspend')
    expect(suspended.status).toBe('suspended')
    await expect(move(made.id, 'suspend')).rejects.toMatchObject({ statusCode: 409 })
    await expect(move(made.id, 'renew', { expiresOn: '2099-01-01' })).rejects.toMatchObject({ statusCode: 409 })
    expect((await move(made.id, 'reinstate')).status).toBe('listed')
    const renewed = await move(made.id, 'renew', { expiresOn: '2099-01-01' })
    expect(renewed).toMatchObject({ status: 'listed', expiresOn: '2099-01-01' })
    await expect(move(made.id, 'renew', { expiresOn: todayOf() })).rejects.toMatchObject({ statusCode: 400 })
    const withdrawn = await move(made.id, 'withdraw')
    expect(withdrawn.status).toBe('withdrawn')
    for (const action of ['suspend', 'reinstate', 'withdraw']) {
      await expect(move(made.id, action)).rejects.toMatchObject({ statusCode: 409 })
    }
    await expect(move(made.id, 'renew', { expiresOn: '2099-01-01' })).rejects.toMatchObject({ statusCode: 409 })

    expect(withdrawn.history.map((entry) => [entry.from, entry.to])).toEqual([
      [null, 'listed'],
      ['listed', 'suspended'],
      ['suspended', 'listed'],
      ['listed', 'listed'],
      ['listed', 'withdrawn'],
    ])
    expect(withdrawn.history.every((entry, n) => n === 0 || entry.reason === 'The council reviewed the listing.')).toBe(
      true,
    )
    const logged = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entity, 'listing'))
    expect(logged.map((row) => (row.after as { move?: string }).move ?? row.action)).toEqual([
      'create',
      'suspend',
      'reinstate',
      'renew',
      'withdraw',
    ])
  })

  it('refuses to reinstate a listing whose expiry date has passed (renew it instead)', async () => {
    const made = await create(facility({ listedOn: '2020-01-01', expiresOn: '2099-01-01' }))
    await move(made.id, 'suspend')
    await ctx.app.db.update(listings).set({ expiresOn: '2020-06-01' }).where(eq(listings.id, made.id))
    await expect(move(made.id, 'reinstate')).rejects.toMatchObject({ statusCode: 409 })
  })

  it('needs a reason of 10 characters or more, and only the registry permission', async () => {
    const made = await create(facility())
    const cookie = await owner()
    const short = await trpc(cookie, 'registry.admin.changeStatus', { id: made.id, action: 'suspend', reason: 'short' })
    expect(short.statusCode).toBe(400)
    const registrar = await memberCookie(ctx.app, 'registrar@example.org', 'registrar')
    const byRegistrar = await trpc(registrar, 'registry.admin.changeStatus', {
      id: made.id,
      action: 'suspend',
      reason: 'Evidence under review by the council.',
    })
    expect(byRegistrar.statusCode, byRegistrar.body).toBe(200)
    for (const role of ['editor', 'moderator'] as const) {
      const other = await memberCookie(ctx.app, `${role}@example.org`, role)
      const refused = await trpc(other, 'registry.admin.changeStatus', {
        id: made.id,
        action: 'reinstate',
        reason: 'Evidence under review by the council.',
      })
      expect(refused.statusCode).toBe(403)
    }
  })
})

describe('expiry', () => {
  it('tells no replica anything while no listing is due: the kept pages stay', async () => {
    await create(facility({ organisationName: 'Not due yet' }))
    const heard: string[] = []
    const stop = await ctx.database.handle.listen('content_changed', (payload) => heard.push(payload))
    // A NOTIFY sent after others arrives after them: one marks where the create's own have all come.
    const heardMark = async (mark: string) => {
      await ctx.database.handle.notify('content_changed', mark)
      for (let wait = 0; wait < 100 && !heard.includes(mark); wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 20))
    }
    try {
      await heardMark('start')
      heard.length = 0
      for (let run = 0; run < 3; run += 1) expect(await expireDueListings(ctx.app.db)).toEqual([])
      await heardMark('probe')
      expect(heard).toEqual(['probe'])
    } finally {
      await stop()
    }
  })

  it('expires listed and suspended listings exactly once, with two apps on one database', async () => {
    const listed = await create(facility({ listedOn: '2020-01-01', expiresOn: '2099-01-01' }))
    const suspended = await create(
      facility({ organisationName: 'Second Example', listedOn: '2020-01-01', expiresOn: '2099-01-01' }),
    )
    const current = await create(facility({ organisationName: 'Still current' }))
    await changeListingStatus(ctx.app.db, OWNER, {
      id: suspended.id,
      action: 'suspend',
      reason: 'Evidence under review.',
    })
    // The second app's start runs the scheduled work once: the dates pass after it is up.
    const other = await buildTestApp(ctx.database.handle, { env: { ADMIN_EMAILS: 'owner@example.org' } })
    await ctx.app.db.update(listings).set({ expiresOn: todayOf() }).where(eq(listings.id, listed.id))
    await ctx.app.db.update(listings).set({ expiresOn: '2021-01-01' }).where(eq(listings.id, suspended.id))

    try {
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, n) => expireDueListings(n % 2 ? other.db : ctx.app.db)),
      )
      expect(
        runs
          .flat()
          .map((row) => row.number)
          .sort(),
      ).toEqual([listed.number, suspended.number].sort())
    } finally {
      await other.close()
    }
    const rows = await ctx.app.db.select({ id: listings.id, status: listings.status }).from(listings)
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [listed.id]: 'expired',
      [suspended.id]: 'expired',
      [current.id]: 'listed',
    })
    const expiries = await ctx.app.db
      .select()
      .from(listingStatusChanges)
      .where(eq(listingStatusChanges.toStatus, 'expired'))
    expect(expiries.map((row) => [row.fromStatus, row.reason, row.actorEmail]).sort()).toEqual([
      ['listed', EXPIRED_REASON, 'scheduler'],
      ['suspended', EXPIRED_REASON, 'scheduler'],
    ])
    const logged = await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorEmail, 'scheduler'))
    expect(logged).toHaveLength(2)
    // Renewing lists an expired listing again.
    const renewed = await changeListingStatus(ctx.app.db, OWNER, {
      id: listed.id,
      action: 'renew',
      reason: 'Renewed after a new review.',
      expiresOn: '2099-01-01',
    })
    expect(renewed.status).toBe('listed')
  })
})

describe('standards and the registry', () => {
  it('shows a declaration of a version a newer published version replaced, and the admin list filters them', async () => {
    const made = await create(facility())
    const untouched = await create(facility({ organisationName: 'Declares nothing', declarations: [] }))
    expect((await registryListing(ctx.app.db, made.number))?.declarations).toMatchObject([
      { number: STANDARD, version: '1.0', supersededBy: null },
    ])
    const [document] = await ctx.app.db
      .select()
      .from(standardDocuments)
      .where(eq(standardDocuments.key, standardKey(STANDARD)))
    await ctx.app.db
      .update(standardVersions)
      .set({ state: 'superseded' })
      .where(eq(standardVersions.documentId, document?.id as number))
    await ctx.app.db.insert(standardVersions).values({
      documentId: document?.id as number,
      version: '1.1',
      state: 'published',
      effectiveDate: '2026-11-01',
      body: 'The new text.',
      publishedAt: new Date(),
    })
    const page = await registryListing(ctx.app.db, made.number)
    expect(page?.declarations).toMatchObject([
      { number: STANDARD, version: '1.0', supersededBy: { version: '1.1', effectiveDate: '2026-11-01' } },
    ])
    // Nothing changes status by itself.
    expect(page?.status).toBe('listed')

    const cookie = await owner()
    const list = await trpc(cookie, 'registry.admin.list', { superseded: 'yes' }, 'GET')
    const data = list.json().result.data.json
    expect(data.items.map((item: { id: string }) => item.id)).toEqual([made.id])
    expect(data.items[0].supersededDeclarations).toBe(1)
    expect(data.counts).toMatchObject({ all: 2, listed: 2, superseded: 1 })
    expect(untouched.id).toBeTruthy()

    // An edit may keep the superseded declaration; a new listing may not declare it.
    const kept = await trpc(cookie, 'registry.admin.update', {
      id: made.id,
      ...facility({ website: 'https://example.org' }),
    })
    expect(kept.statusCode, kept.body).toBe(200)
    const fresh = await trpc(cookie, 'registry.admin.create', facility({ organisationName: 'New' }))
    expect(fresh.statusCode).toBe(400)
  })
})

describe('the public search', () => {
  beforeEach(async () => {
    await create(
      facility({ organisationName: 'Example Wellness Centre', city: 'Austin', region: 'TX', postalCode: '78701' }),
    )
    await create(
      facility({ organisationName: 'Sample Recovery Studio', city: 'Round Rock', region: 'TX', postalCode: '78664' }),
    )
    await create(
      facility({
        organisationName: 'Demo Oxygen Lounge',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        declarations: [],
      }),
    )
    await create(chamber())
  })

  const names = (page: RegistryPage) => page.items.map((item) => item.name)

  it('finds by name, city, region and postal code, and filters by kind, standard and status', async () => {
    expect(names(await search({ q: 'wellness' }))).toEqual(['Example Wellness Centre'])
    expect(names(await search({ q: 'Round Rock' }))).toEqual(['Sample Recovery Studio'])
    expect(names(await search({ q: 'NY' }))).toEqual(['Demo Oxygen Lounge'])
    expect(names(await search({ q: '786' }))).toEqual(['Sample Recovery Studio'])
    expect(names(await search({ q: 'l 2' }))).toEqual(['Sample Recovery Studio'])
    expect(names(await search({ kind: 'chamber' }))).toEqual(['Example Chambers Calm 1.3'])
    expect(names(await search({ standard: standardKey(STANDARD) }))).toEqual([
      'Example Wellness Centre',
      'Sample Recovery Studio',
    ])
    const all = await search({})
    expect(all.total).toBe(4)
    expect(all.near).toBeNull()
    const [first] = await ctx.app.db.select().from(listings).where(eq(listings.organisationName, 'Demo Oxygen Lounge'))
    await changeListingStatus(ctx.app.db, OWNER, {
      id: first?.id as string,
      action: 'suspend',
      reason: 'Evidence under review.',
    })
    expect(names(await search({}))).not.toContain('Demo Oxygen Lounge')
    expect(names(await search({ status: 'suspended' }))).toEqual(['Demo Oxygen Lounge'])
    expect((await search({ status: 'all' })).total).toBe(4)
    // Forms without JavaScript send empty fields; the router may read numbers.
    expect(RegistrySearchSchema.parse({ q: '', kind: '', status: '', near: '', page: '2' })).toEqual({
      status: 'listed',
      page: 2,
    })
    expect(RegistrySearchSchema.parse({ near: 78701, page: 3 })).toMatchObject({ near: '78701', page: 3 })
  })

  it('orders facilities by distance from a ZIP code, and refuses one it does not know', async () => {
    const near = await search({ near: '78702' })
    expect(names(near)).toEqual(['Example Wellness Centre', 'Sample Recovery Studio', 'Demo Oxygen Lounge'])
    expect(near.near?.zip).toBe('78702')
    const distances = near.items.map((item) => item.distanceKm ?? Number.NaN)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances[0]).toBeLessThan(10)
    expect(distances[2]).toBeGreaterThan(2000)
    await expect(search({ near: '00000' })).rejects.toMatchObject({
      statusCode: 400,
      message: unknownZipSentence('00000'),
    })
  })

  it('pages by 20', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        create(facility({ organisationName: `Example Place ${String(n).padStart(2, '0')}` })),
      ),
    )
    const first = await search({ q: 'place' })
    const second = await search({ q: 'place', page: 2 })
    expect(first.total).toBe(25)
    expect(first.items).toHaveLength(20)
    expect(second.items).toHaveLength(5)
    expect(new Set([...names(first), ...names(second)]).size).toBe(25)
  })
})

describe('evidence', () => {
  const upload = (cookie: string, bytes: Buffer, filename: string) => {
    const boundary = '----registry-test'
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload/registry-document',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    })
  }

  it('takes PDFs from registrars only, keeps them private, and attaches and removes them', async () => {
    const registrar = await memberCookie(ctx.app, 'registrar@example.org', 'registrar')
    const editor = await memberCookie(ctx.app, 'editor@example.org', 'editor')
    const pdf = await makePdf('Evidence')
    expect((await upload(editor, pdf, 'evidence.pdf')).statusCode).toBe(403)
    const word = await upload(registrar, Buffer.from('not a pdf'), 'evidence.docx')
    expect(word.statusCode).toBe(415)
    const stored = await upload(registrar, pdf, 'Evidence of review.pdf')
    expect(stored.statusCode, stored.body).toBe(201)
    const file = stored.json() as { id: string; filename: string; size: number }
    expect(file).toMatchObject({ filename: 'Evidence-of-review.pdf', size: pdf.length })

    expect((await ctx.app.inject({ url: `/files/${file.id}/${file.filename}` })).statusCode).toBe(404)
    const download = await ctx.app.inject({
      url: `/api/admin/registry/documents/${file.id}`,
      headers: { ...SAME_ORIGIN, cookie: registrar },
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toMatch(/^attachment;/)
    expect(download.headers['cache-control']).toBe('no-store')
    expect(download.rawPayload.equals(pdf)).toBe(true)
    expect(
      (
        await ctx.app.inject({
          url: `/api/admin/registry/documents/${file.id}`,
          headers: { ...SAME_ORIGIN, cookie: editor },
        })
      ).statusCode,
    ).toBe(403)
    expect((await ctx.app.inject({ url: `/api/admin/registry/documents/${file.id}` })).statusCode).toBe(401)

    const made = await trpc(registrar, 'registry.admin.create', facility({ documentIds: [file.id] }))
    expect(made.statusCode, made.body).toBe(200)
    const id = made.json().result.data.json.id as string
    const got = (await trpc(registrar, 'registry.admin.get', { id }, 'GET')).json().result.data.json as AdminListing
    expect(got.documents).toMatchObject([{ id: file.id, filename: 'Evidence-of-review.pdf' }])
    const page = await registryListing(ctx.app.db, got.number)
    expect(JSON.stringify(page)).not.toContain(file.id)
    const removed = await trpc(registrar, 'registry.admin.removeDocument', { id, documentId: file.id })
    expect(removed.json().result.data.json.documents).toEqual([])
    expect(
      (
        await ctx.app.inject({
          url: `/api/admin/registry/documents/${file.id}`,
          headers: { ...SAME_ORIGIN, cookie: registrar },
        })
      ).statusCode,
    ).toBe(404)
  })
})

describe('what the council types', () => {
  it('is shown as text on the public pages, whatever it holds: markup, emoji, right-to-left script', async () => {
    const name = '<script>alert(1)</script> مركز الأكسجين 😀 <img src=x onerror=alert(2)>'
    const made = await create(facility({ organisationName: name, city: 'Austin <b>TX</b>' }))
    // The pages, rendered by the server as production renders them.
    const pages = await buildTestApp(ctx.database.handle, {
      env: { ADMIN_EMAILS: 'owner@example.org' },
      ssr: { render, assets: { scripts: [], css: [], preloads: [] } },
    })
    try {
      for (const url of [`/registry/${made.key}`, `/registry?q=${encodeURIComponent('مركز')}`]) {
        const page = await pages.inject({ url })
        expect(page.statusCode, url).toBe(200)
        expect(page.body, url).not.toContain('<script>alert(1)')
        expect(page.body, url).not.toContain('<img src=x')
        expect(page.body, url).not.toContain('<b>TX</b>')
        expect(page.body, url).toContain('مركز الأكسجين 😀')
      }
    } finally {
      await pages.close()
    }
    const api = await ctx.app.inject({ url: `/api/registry/${made.key}` })
    expect(api.json().organisationName).toBe(name)
  })

  it('refuses a 5,000-character name with a 400 naming the field, and stores nothing', async () => {
    const cookie = await owner()
    const before = (await ctx.app.db.select({ id: listings.id }).from(listings)).length
    const refused = await trpc(cookie, 'registry.admin.create', facility({ organisationName: 'x'.repeat(5000) }))
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.body).toContain('organisationName')
    expect((await ctx.app.db.select({ id: listings.id }).from(listings)).length).toBe(before)
  })
})
