import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { linkIn } from '../helpers/smtp'
import { goToAdminScreen, navLinks } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'

const MODERATOR = 'moderator@example.org'

/**
 * The team, end to end (docs/decisions/025-roles-and-the-team.md): an owner invites a moderator by
 * e-mail through a real SMTP server, the moderator accepts through the real OpenID Connect issuer,
 * sees only their role's screens and works on one, and is signed out at their next click once the
 * owner removes them.
 */
describe.skipIf(!chromiumAndPostgres())('the team screen in Chromium, with mail and an identity provider', () => {
  const stack = useStack({ oidc: true, smtp: true })

  it('an owner invites a moderator, who joins, sees their screens only, works, and is removed', async () => {
    const owner = await stack.signIn('/admin/team')
    const ownerPage = owner.page
    await ownerPage.getByRole('heading', { name: 'The team' }).waitFor()
    // The owner named by ADMIN_EMAILS: listed, with no controls to change them.
    const ownerRow = ownerPage.getByTestId('team-row').filter({ hasText: 'admin@example.org' })
    await ownerRow.getByTestId('team-from-config').waitFor()
    expect(await ownerRow.getByRole('button').count()).toBe(0)

    const form = ownerPage.getByTestId('invite-form')
    await form.getByRole('textbox', { name: 'E-mail address' }).fill(MODERATOR)
    await form.getByRole('radio', { name: /^Moderator/ }).check()
    await form.getByRole('button', { name: 'Send the invitation' }).click()
    await ownerPage.getByText(`Invitation sent to ${MODERATOR}`).waitFor()
    const invited = ownerPage.getByTestId('team-row').filter({ hasText: MODERATOR })
    await invited.getByText(/^Invited, expires/).waitFor()
    expect(await ownerPage.getByTestId('invitation-link').count()).toBe(0)

    const [mail] = await stack.smtp.waitFor(1)
    expect(mail?.envelopeTo).toEqual([MODERATOR])
    const link = linkIn(mail, `${stack.url}/api/team/join?token=`)

    // The moderator, in a browser of their own.
    const moderator = await stack.openPage({ width: 1280 })
    const page = moderator.page
    await page.goto(link)
    stack.issuer.nextClaims({ email: MODERATOR, email_verified: true })
    // Through a provider, accepting is signing in there as the invited address.
    await page.getByRole('link', { name: 'Accept the invitation' }).click()
    await page.waitForURL(/\/admin\/messages$/, { timeout: 15_000 })
    await page.getByText(`Signed in as: ${MODERATOR}`).waitFor()
    // Sign-in lands on /admin (studies), which a moderator's role does not include: on to Messages.
    await page.getByRole('heading', { name: 'All messages' }).waitFor()
    expect(await navLinks(page)).toEqual([
      'Messages',
      'Testimonials',
      'Subscribers',
      'Public comments',
      'Activity',
      'Your sessions',
    ])

    // A screen outside the role, by its address: said in words, and its data never asked for.
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/') && request.url().includes('resources')) asked.push(request.url())
    })
    await page.goto(`${stack.url}/admin/resources`)
    await page.getByText('Your role (moderator) does not include this screen.').waitFor()
    await page.getByTestId('screen-refused').getByRole('link', { name: 'Messages' }).waitFor()
    expect(await page.getByText('Existing Resources').count()).toBe(0)
    expect(asked).toEqual([])

    // Work of the role: a testimonial waiting for review.
    await stack.sql`
      insert into testimonials (name, location, testimonial, is_approved, consented_at)
      values ('Pat Visitor', 'Springfield', 'Placeholder words waiting for review.', false, now())`
    await goToAdminScreen(page, 'Testimonials')
    await page.getByRole('button', { name: 'Approve the testimonial from Pat Visitor' }).click()
    await expect
      .poll(
        async () => (await stack.sql`select is_approved from testimonials where name = 'Pat Visitor'`)[0]?.is_approved,
      )
      .toBe(true)

    // The owner removes the moderator.
    await ownerPage.reload()
    const member = ownerPage.getByTestId('team-row').filter({ hasText: MODERATOR })
    await member.getByText('Active', { exact: true }).waitFor()
    await member.getByRole('button', { name: /^Remove .* from the team$/ }).click()
    const dialog = ownerPage.getByRole('dialog')
    await dialog.getByText(/sessions end at once/).waitFor()
    await dialog.getByRole('button', { name: 'Remove from the team' }).click()
    await ownerPage.getByText('Removed from the team; their sessions ended').waitFor()
    await expect.poll(() => ownerPage.getByTestId('team-row').filter({ hasText: MODERATOR }).count()).toBe(0)

    // The moderator's next click: the session is gone, so the admin says so and signs in again.
    const toSignIn = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login', {
      timeout: 15_000,
    })
    await goToAdminScreen(page, 'Messages')
    await page.getByText('Unauthorized').first().waitFor()
    await toSignIn
    await moderator.page.context().close()
    await owner.page.context().close()
  })

  it('the team and sessions screens pass axe, and every control has a name and is reached by Tab', async () => {
    // Rows with every kind of control: a member, an invitation waiting, one expired.
    await stack.sql`insert into users (email, first_name, role, invited_by) values ('editor@example.org', 'Eddie', 'editor', ${'admin@example.org'})`
    await stack.sql`
      insert into invitations (email, role, token_hash, invited_by, expires_at) values
        ('soon@example.org', 'moderator', 'hash-soon', 'admin@example.org', now() + interval '6 days'),
        ('late@example.org', 'editor', 'hash-late', 'admin@example.org', now() - interval '1 day')`
    for (const [path, ready] of [
      ['/admin/team', 'The team'],
      ['/admin/account', 'Where you are signed in'],
    ] as const) {
      const { page } = await stack.signIn(path)
      await page.getByRole('heading', { name: ready }).waitFor()
      await page
        .locator('[aria-live="polite"]')
        .filter({ hasText: /^Loading/ })
        .waitFor({ state: 'detached' })
      expect(await axeViolations(page), path).toEqual([])
      const main = page.locator('main')
      const controls = await main
        // A radio group is one stop (its checked radio); a disabled or hidden control is none.
        .locator('button:not([disabled]), select, input:not([type=hidden]):not([type=radio]), input:checked, a[href]')
        .evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).length)
      const reached = new Set<string>()
      for (let presses = 0; presses < controls + 40; presses += 1) {
        await page.keyboard.press('Tab')
        const name = await page.evaluate(() => {
          const active = document.activeElement
          if (!active || !document.querySelector('main')?.contains(active)) return null
          const label = active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent
          return `${active.tagName}:${(label ?? active.textContent ?? '').trim()}:${active.id}`
        })
        if (name) reached.add(name)
      }
      expect([...reached].length, [...reached].join('\n')).toBe(controls)
      for (const name of reached) expect(name.split(':')[1], name).not.toBe('')
      await page.context().close()
    }
  })

  it('a member ends a session of theirs elsewhere, then this browser’s own, which signs in again', async () => {
    const elsewhere = await stack.signIn('/admin/messages')
    const here = await stack.signIn('/admin/account')
    const page = here.page
    const rows = page.getByTestId('session-row')
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2)
    const current = rows.filter({ hasText: 'This browser' })
    expect(await current.count()).toBe(1)

    // Another session of this address (earlier tests' browsers signed in too).
    const other = rows.filter({ hasNotText: 'This browser' }).first()
    const before = await rows.count()
    await other.getByRole('button', { name: /^End the session on / }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(/is signed out at once/).waitFor()
    await dialog.getByRole('button', { name: 'End the session' }).click()
    await page.getByText('Session ended').waitFor()
    await expect.poll(() => rows.count()).toBe(before - 1)

    // This browser's own: ended like an expired session, so on to a new sign-in.
    const toSignIn = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login', {
      timeout: 15_000,
    })
    await current.getByRole('button', { name: 'End the session of this browser' }).click()
    await dialog.getByText(/This is the browser you are using/).waitFor()
    await dialog.getByRole('button', { name: 'End the session' }).click()
    await toSignIn
    await elsewhere.page.context().close()
    await page.context().close()
  })
})
