import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { useStack } from './stack'

/**
 * Every admin screen, full page, at 1280, 390 and 320 px, with the same arranged rows, for a person
 * to compare before and after a change to the admin (docs/decisions/024-admin-kit.md):
 *   ADMIN_SHOTS=/tmp/admin-kit-shots npx vitest run --project e2e tests/e2e/admin-screenshots.test.ts
 * Files are {screen}-{width}.png, and a few states (a form in edit mode, a dialog) at 390 px.
 */
const OUT = process.env.ADMIN_SHOTS ? `${process.env.ADMIN_SHOTS.replace(/\/$/, '')}/` : null

const SCREENS = [
  { path: '/admin', name: 'studies', ready: 'Existing Studies' },
  { path: '/admin/messages', name: 'messages', ready: 'All messages' },
  { path: '/admin/testimonials', name: 'testimonials', ready: 'All Testimonials' },
  { path: '/admin/subscribers', name: 'subscribers', ready: 'Newsletter subscribers' },
  { path: '/admin/resources', name: 'resources', ready: 'Existing Resources' },
  { path: '/admin/news', name: 'news', ready: 'Posts' },
  { path: '/admin/standards', name: 'standards', ready: 'Documents and versions' },
  { path: '/admin/registry', name: 'registry', ready: 'Listings' },
  { path: '/admin/activity', name: 'activity', ready: 'All changes' },
  { path: '/admin/team', name: 'team', ready: 'The team' },
  { path: '/admin/account', name: 'account', ready: 'Where you are signed in' },
]

describe.skipIf(!chromiumAndPostgres() || !OUT)('screenshots of every admin screen', () => {
  const stack = useStack({ oidc: true })

  beforeAll(async () => {
    await mkdir(OUT ?? '', { recursive: true })
    const sql = stack.sql
    await sql`
      insert into contact_submissions (name, email, subject, message, status, created_at) values
        ('Ann Reader', 'ann@example.org', 'Opening hours of accredited facilities', 'When are they open?', 'new', '2026-03-02T09:15:00Z'),
        ('Ben Writer', 'ben@clinic.example', 'Standards for 1.3 ATA chambers', 'Which standard applies?', 'read', '2026-03-01T16:40:00Z'),
        ('Cat Asker', 'cat@example.org', 'Partnership', 'We would like to partner.', 'archived', '2026-02-27T11:05:00Z')`
    await sql`
      insert into testimonials (name, location, testimonial, is_approved, consented_at, created_at) values
        ('Test Visitor', 'Springfield', 'Placeholder words a visitor sent through the site, waiting for review.', false, '2026-03-02T08:00:00Z', '2026-03-02T08:00:00Z'),
        ('Test Author', null, 'Placeholder words the council entered from a letter, published.', true, '2026-02-20T10:00:00Z', '2026-02-20T10:00:00Z')`
    // Where the column exists (from migration 0006), the second is the council's own.
    await sql`
      do $$ begin
        if exists (select 1 from information_schema.columns where table_name = 'testimonials' and column_name = 'source')
        then update testimonials set source = 'council' where name = 'Test Author'; end if;
      end $$`
    await sql`
      insert into newsletter_subscribers (email, status, subscribed_at) values
        ('reader@example.org', 'active', '2026-02-10T10:00:00Z'),
        ('pending@example.org', 'pending', '2026-03-01T10:00:00Z'),
        ('gone@example.org', 'unsubscribed', '2026-01-05T10:00:00Z')`
    await sql`
      insert into newsletter_subscribers (email, status, subscribed_at, suppressed_reason, suppressed_at) values
        ('bounced.with.a.long.address@mailbox-provider.example', 'suppressed', '2026-01-20T10:00:00Z', 'hard_bounce', '2026-03-02T07:00:00Z')`
    await sql`
      insert into users (email, first_name, last_name, role, invited_by, last_sign_in_at) values
        ('editor.with.a.long.address@clinic-partners.example', 'Erin', 'Editor-Longname', 'editor', 'admin@example.org', '2026-03-01T09:00:00Z'),
        ('mod@example.org', null, null, 'moderator', 'admin@example.org', null)`
    await sql`
      insert into invitations (email, role, token_hash, invited_by, expires_at) values
        ('new.person@example.org', 'moderator', 'hash-1', 'admin@example.org', now() + interval '5 days'),
        ('late@example.org', 'editor', 'hash-2', 'admin@example.org', '2026-01-01T00:00:00Z')`
    await sql`
      insert into posts (slug, title, summary, body, status, publish_at, published_at) values
        ('pressures-in-accredited-facilities-compared-chamber-by-chamber', 'Pressures in accredited facilities, compared chamber by chamber',
         'What the council found when it compared the pressures used across accredited facilities.',
         ${POST_BODY}, 'published', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z'),
        ('standards-open-for-comment', 'Two standards open for comment', 'Comments are open until May.', 'Comments are open.',
         'scheduled', now() + interval '30 days', null),
        ('draft-notes', 'Notes for the spring meeting', 'A draft.', '', 'draft', null, null)`
    const [message] = await sql<{ id: number }[]>`select id from contact_submissions where status = 'archived'`
    const [testimonial] = await sql<{ id: number }[]>`select id from testimonials where is_approved`
    await sql`
      insert into audit_log (at, actor_email, action, entity, entity_id, before, after) values
        ('2026-03-02T10:00:00Z', 'admin@example.org', 'update', 'research_study', '1',
         ${sql.json({ year: '2019' })}, ${sql.json({ year: '2020' })}),
        ('2026-03-02T10:05:00Z', 'admin@example.org', 'update', 'message', ${String(message?.id)},
         ${sql.json({ status: 'read' })}, ${sql.json({ status: 'archived' })}),
        ('2026-03-02T10:10:00Z', 'admin@example.org', 'update', 'testimonial', ${String(testimonial?.id)},
         ${sql.json({ isApproved: false })}, ${sql.json({ isApproved: true })})`
  })

  async function shoot(page: Page, name: string, fullPage = true) {
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${OUT}${name}.png`, fullPage, animations: 'disabled' })
  }

  for (const width of [1280, 390, 320]) {
    it(`shoots every admin screen at ${width} px`, { timeout: 180_000 }, async () => {
      const { page } = await stack.signIn('/admin', { width })
      for (const screen of SCREENS) {
        await page.goto(`${stack.url}${screen.path}`)
        await page.getByRole('heading', { level: 2, name: screen.ready }).waitFor()
        await page
          .locator('[aria-live="polite"]')
          .filter({ hasText: /^Loading/ })
          .waitFor({ state: 'detached' })
        await shoot(page, `${screen.name}-${width}`)
        expect(await page.evaluate(() => document.documentElement.scrollWidth), screen.path).toBeLessThanOrEqual(width)
      }
    })
  }

  it('shoots the states: a study being edited with its file, a message open, a delete to confirm, a refused file', async () => {
    const { page } = await stack.signIn('/admin', { width: 390 })
    await page.getByLabel('Title').fill('A study with a file')
    await page
      .getByRole('combobox', { name: 'Category' })
      .or(page.getByRole('textbox', { name: 'Category' }))
      .first()
      .click()
    await page.getByRole('option', { name: 'General Wellness' }).click()
    await page.getByLabel('URL').fill('https://example.org/with-file')
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'full study.pdf', mimeType: 'application/pdf', buffer: await makePdf('Full') })
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page.getByText('Research study added successfully').waitFor()
    await page.getByRole('button', { name: 'Edit A study with a file' }).click()
    await page.getByRole('heading', { name: 'Edit Study' }).waitFor()
    await shoot(page, 'state-study-edit-390', false)

    await page.getByRole('button', { name: 'Cancel editing' }).click()
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') })
    await page.getByLabel('Title').fill('Refused file')
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page.waitForTimeout(800)
    const field = page.locator('#study-form')
    await field.scrollIntoViewIfNeeded()
    await field.screenshot({ path: `${OUT}state-study-refused-file-390.png`, animations: 'disabled' })

    await page.goto(`${stack.url}/admin/messages`)
    await page.getByRole('button', { name: 'Standards for 1.3 ATA chambers' }).click()
    await page.getByRole('dialog').getByText('Which standard applies?').waitFor()
    await shoot(page, 'state-message-open-390', false)

    await page.goto(`${stack.url}/admin/resources`)
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click()
    await page.getByRole('dialog').waitFor()
    await shoot(page, 'state-resource-delete-390', false)

    // The team: an invitation whose link is shown once (this stack sends no mail), and a removal to confirm.
    await page.goto(`${stack.url}/admin/team`)
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('shown.once@example.org')
    await page.getByRole('button', { name: 'Send the invitation' }).click()
    await page.getByTestId('invitation-link').waitFor()
    await page.getByTestId('invitation-link').scrollIntoViewIfNeeded()
    await shoot(page, 'state-team-link-390', false)
    await page.getByRole('button', { name: 'Remove Erin Editor-Longname from the team' }).click()
    await page.getByRole('dialog').waitFor()
    await shoot(page, 'state-team-remove-390', false)
  })

  for (const width of [1280, 390, 320]) {
    it(`shoots a news post open in the editor, with its preview and newsletter panel, at ${width} px`, async () => {
      const { page } = await stack.signIn('/admin/news', { width })
      await page
        .getByRole('button', { name: 'Edit Pressures in accredited facilities, compared chamber by chamber' })
        .click()
      await page.getByTestId('post-preview').locator('table').waitFor()
      await page.getByRole('button', { name: /^Send to \d+ subscribers?$/ }).waitFor()
      await shoot(page, `state-news-edit-${width}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      if (width === 390) {
        await page.getByRole('button', { name: /^Send to \d+ subscribers?$/ }).click()
        await page.getByRole('dialog').waitFor()
        await shoot(page, 'state-news-send-390', false)
      }
    })
  }

  for (const width of [1280, 390, 320]) {
    it(`shoots the new document form at ${width} px`, async () => {
      const { page } = await stack.signIn('/admin/standards', { width })
      await page.getByRole('button', { name: 'New document' }).click()
      await page.getByTestId('new-document-form').waitFor()
      await page.getByRole('button', { name: 'Create the document and its draft' }).click()
      await page.getByText('Document number is required').waitFor()
      await shoot(page, `state-standards-new-document-${width}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    })
  }

  it('shoots a screen outside a moderator’s role', async () => {
    stack.issuer.nextClaims({ email: 'mod@example.org', email_verified: true })
    const { page } = await stack.openPage({ width: 390 })
    await page.goto(`${stack.url}/api/login`)
    await page.getByText('Signed in as: mod@example.org').waitFor()
    await page.goto(`${stack.url}/admin/resources`)
    await page.getByTestId('screen-refused').waitFor()
    await shoot(page, 'state-refused-390')
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByRole('navigation', { name: 'Admin' }).waitFor()
      await shoot(page, `state-refused-${width}`)
    }
  })
})

const POST_BODY = [
  'The council compared the pressures used in [accredited facilities](https://example.org/facilities).',
  '',
  '## What we found',
  '',
  '| Chamber | Pressure | Session length | Sessions a week |',
  '| --- | --- | --- | --- |',
  '| Monoplace | 2.0 ATA | 60 minutes | 5 |',
  '| Multiplace | 2.4 ATA | 90 minutes | 3 |',
  '| Soft-sided | 1.3 ATA | 60 minutes | 7 |',
  '',
  'Read the [safety guidance](https://example.org/safety) first: https://example.org/a/very/long/path/that/does/not/break/easily.',
].join('\n')
