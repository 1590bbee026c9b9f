import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageHero } from '../components/page-hero'
import { PageSection } from '../components/page-section'
import { ResponsiveGrid } from '../components/responsive-grid'
import { routeHead } from '../lib/seo'
import { useSite } from '../lib/site'

export const Route = createFileRoute('/privacy')({
  head: routeHead({
    title: 'Privacy',
    description:
      'What the council’s website stores about you (contact messages, newsletter addresses, testimonials), why, for how long, and how to have it removed.',
    path: '/privacy',
  }),
  component: PrivacyPage,
})

/*
 * Every statement here describes what the code does (docs/decisions/017-newsletter-subscriptions.md
 * and docs/product.md, "Privacy"): change one with the other.
 */
const STORED: { what: string; holds: string; why: string; howLong: string }[] = [
  {
    what: 'Contact messages',
    holds: 'Your name, e-mail address, subject and message, and when you sent it.',
    why: 'To read and answer your message. When the site is set up to send e-mail, a copy goes to the council’s own inbox so that no message waits unseen.',
    howLong:
      'Until the council deletes it. Messages are kept while we need them to answer you and follow up; ask us and yours is deleted for good.',
  },
  {
    what: 'Newsletter subscriptions',
    holds:
      'Your e-mail address, when you subscribed, and whether the subscription is waiting for confirmation, active or ended. Also when and how you gave your consent (confirming the link we e-mailed you, or subscribing while this website sent no e-mail), and when we last e-mailed you a link to confirm, so that nobody can have us send you more than one every 10 minutes.',
    why: 'To send you the newsletter, a few times a year, and nothing else. When the site sends e-mail, we first send a link to confirm that the address is yours.',
    howLong:
      'While you are subscribed. An address that is never confirmed is deleted after 30 days. After you unsubscribe we keep the address marked as unsubscribed, so that it is never mailed again, unless you ask us to delete it.',
  },
  {
    what: 'Testimonials',
    holds: 'The name, location (if you gave one) and words you sent, and when you agreed that we may publish them.',
    why: 'To publish your experience on the home page after the council has reviewed it, with your consent.',
    howLong: 'Until you ask us to withdraw it, or the council removes it.',
  },
  {
    what: 'A session cookie, for the council’s staff only',
    holds: 'A random identifier that keeps a signed-in member of staff signed in to the admin.',
    why: 'To let council staff manage the site. Visitors who do not sign in get no cookie at all.',
    howLong: 'At most 7 days, or 8 hours when staff sign in with a one-time link; it ends when they sign out.',
  },
  {
    what: 'Technical records',
    holds:
      'The network address each form was sent from, counted per form; and the web server’s request log (time, page asked for, network address), which holds nothing you type into a form.',
    why: 'To stop anyone from flooding the forms, and to keep the site running and secure.',
    howLong:
      'The counts are deleted one day after their counting window ends (the windows last minutes). The request log is kept as briefly as the server’s operator keeps logs.',
  },
]

function PrivacyPage() {
  const site = useSite()
  return (
    <>
      <PageHero title="Privacy">What this website stores about you, why, for how long, and how to be removed.</PageHero>

      <PageSection headingId="stored-heading" heading="What we store and why">
        <Text mt="md" maw={760} c="dark.7" lh={1.7}>
          The {site.name} keeps only what you send us through this website. We do not use analytics, advertising or
          tracking cookies, and we do not sell or share your data. Everything below is stored in the council’s own
          database.
        </Text>
        <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="lg" data-testid="privacy-items">
          {STORED.map((row) => (
            <Paper key={row.what} withBorder radius="md" p="lg" component="section" aria-label={row.what}>
              <Stack gap={8}>
                <Title order={3} size="h4">
                  {row.what}
                </Title>
                {(
                  [
                    ['What', row.holds],
                    ['Why', row.why],
                    ['How long', row.howLong],
                  ] as const
                ).map(([label, text]) => (
                  <Text key={label} size="sm" c="dark.7" lh={1.6}>
                    <Text span fw={700}>
                      {label}:
                    </Text>{' '}
                    {text}
                  </Text>
                ))}
              </Stack>
            </Paper>
          ))}
        </ResponsiveGrid>
      </PageSection>

      <PageSection headingId="removal-heading" heading="How to be removed" bg="ocean.0">
        <Stack gap="sm" mt="md" maw={760}>
          <Text c="dark.7" lh={1.7}>
            Write to{' '}
            <Anchor
              href={`mailto:${site.email}?subject=${encodeURIComponent('Please delete my data')}`}
              underline="always"
            >
              {site.email}
            </Anchor>{' '}
            and say what you would like removed: a message you sent, your newsletter address, or your testimonial. We
            delete it for good, and the record of what our staff changed keeps no copy of your details.
          </Text>
          <Text c="dark.7" lh={1.7}>
            To stop the newsletter, use the unsubscribe link in any newsletter e-mail: one click on the page it opens is
            enough. You can also ask us what we hold about you, or to correct it, at the same address.
          </Text>
          <Text c="dark.7" lh={1.7}>
            If you unsubscribed and want the newsletter again, subscribe again and confirm through the link we e-mail
            you. When this website is run without sending e-mail, it cannot check that an address is yours, so an
            address that unsubscribed stays unsubscribed: write to us at{' '}
            <Anchor
              href={`mailto:${site.email}?subject=${encodeURIComponent('Newsletter: please subscribe me again')}`}
              underline="always"
            >
              {site.email}
            </Anchor>{' '}
            and we will remove the old record so that you can subscribe again.
          </Text>
          <Text c="dark.7" lh={1.7}>
            Questions about this page?{' '}
            <Anchor component={Link} to="/contact" underline="always">
              Contact us
            </Anchor>
            .
          </Text>
        </Stack>
      </PageSection>
    </>
  )
}
