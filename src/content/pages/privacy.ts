import type { PageContent } from '../../shared/schemas/pages'

/*
 * /privacy's words as the site starts with them (revision 0; docs/decisions/055-pages-as-content.md);
 * `{council}` is the council's name and `{email}` its address. Each statement describes what the
 * code does (docs/decisions/017-newsletter-subscriptions.md and docs/product.md, "Privacy"): a change
 * to what the site stores is a change to these words, which the council then publishes.
 */

const record = (title: string, what: string, why: string, howLong: string) => ({
  title,
  subtitle: '',
  body: `**What:** ${what}\n\n**Why:** ${why}\n\n**How long:** ${howLong}`,
})

export const PRIVACY_PAGE: PageContent = {
  description:
    'What the council’s website stores about you (contact messages, newsletter addresses, testimonials), why, for how long, and how to have it removed.',
  sections: [
    {
      id: 'intro',
      heading: '',
      body: 'What this website stores about you, why, for how long, and how to be removed.',
      items: [],
    },
    {
      id: 'stored',
      heading: 'What we store and why',
      body: 'The {council} keeps only what you send us through this website. We do not use analytics, advertising or tracking cookies, and we do not sell or share your data. Everything below is stored in the council’s own database.',
      items: [
        record(
          'Contact messages',
          'Your name, e-mail address, subject and message, and when you sent it.',
          'To read and answer your message. When the site is set up to send e-mail, a copy goes to the council’s own inbox so that no message waits unseen.',
          'Until the council deletes it. Messages are kept while we need them to answer you and follow up; ask us and yours is deleted for good.',
        ),
        record(
          'Newsletter subscriptions',
          'Your e-mail address, when you subscribed, and whether the subscription is waiting for confirmation, active or ended. Also when and how you gave your consent (confirming the link we e-mailed you, or subscribing while this website sent no e-mail), and when we last e-mailed you a link to confirm, so that nobody can have us send you more than one every 10 minutes.',
          'To send you the newsletter, a few times a year, and nothing else. When the site sends e-mail, we first send a link to confirm that the address is yours.',
          'While you are subscribed. An address that is never confirmed is deleted after 30 days. After you unsubscribe we keep the address marked as unsubscribed, so that it is never mailed again, unless you ask us to delete it.',
        ),
        record(
          'Testimonials',
          'The name, location (if you gave one) and words you sent, and when you agreed that we may publish them.',
          'To publish your experience on the home page after the council has reviewed it, with your consent.',
          'Until you ask us to withdraw it, or the council removes it.',
        ),
        record(
          'A session cookie, for the council’s staff only',
          'A random identifier that keeps a signed-in member of staff signed in to the admin.',
          'To let council staff manage the site. Visitors who do not sign in get no cookie at all.',
          'At most 7 days, or 8 hours when staff sign in with a one-time link; it ends when they sign out.',
        ),
        record(
          'Technical records',
          'The network address each form was sent from, counted per form; and the web server’s request log (time, page asked for, network address), which holds nothing you type into a form.',
          'To stop anyone from flooding the forms, and to keep the site running and secure.',
          'The counts are deleted one day after their counting window ends (the windows last minutes). The request log is kept as briefly as the server’s operator keeps logs.',
        ),
      ],
    },
    {
      id: 'removal',
      heading: 'How to be removed',
      body: [
        'Write to [{email}](mailto:{email}?subject=Please%20delete%20my%20data) and say what you would like removed: a message you sent, your newsletter address, or your testimonial. We delete it for good, and the record of what our staff changed keeps no copy of your details.',
        'To stop the newsletter, use the unsubscribe link in any newsletter e-mail: one click on the page it opens is enough. You can also ask us what we hold about you, or to correct it, at the same address.',
        'If you unsubscribed and want the newsletter again, subscribe again and confirm through the link we e-mail you. When this website is run without sending e-mail, it cannot check that an address is yours, so an address that unsubscribed stays unsubscribed: write to us at [{email}](mailto:{email}?subject=Newsletter%3A%20please%20subscribe%20me%20again) and we will remove the old record so that you can subscribe again.',
        'Questions about this page? [Contact us](/contact).',
      ].join('\n\n'),
      items: [],
    },
  ],
}
