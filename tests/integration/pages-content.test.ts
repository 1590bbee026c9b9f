import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { SAFETY_PAGE } from '../../src/content/pages/safety'
import { auditLog, siteTexts } from '../../src/db/schema'
import { render } from '../../src/server/ssr/render'
import { PAGE_KEYS, type PageContent } from '../../src/shared/schemas/pages'
import { setUpTestApp } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { replicas, until } from '../helpers/replicas'

/*
 * The pages' words as content (issue 39, items 1, 4 and 6; docs/decisions/055-pages-as-content.md):
 * /safety's starting words as the page had them in code, word for word; a draft rendered when
 * saved and published at once on every replica; revisions compared and restored; two editors who
 * cannot overwrite each other; a text the renderer refuses named by its field.
 */

const EMPTY_ASSETS = { scripts: [], css: [], preloads: [] }
const setup = setUpTestApp({ env: { ADMIN_EMAILS: 'admin@example.org' }, ssr: { render, assets: EMPTY_ASSETS } })
const others = replicas()
let app: FastifyInstance
let editor: Record<string, string>
beforeEach(async () => {
  app = setup.app
  editor = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'editor@example.org', 'editor') }
})

type Editing = { version: number; hasDraft: boolean; draft: PageContent; revision: number }
type View = {
  description: string
  sections: Record<string, { heading: string; html: string; items: { title: string; html: string }[] }>
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers = editor, on = app) =>
  on.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
/** The editor's text of what the server holds, without the stored rendering. */
const contentOf = (page: PageContent): PageContent =>
  structuredClone({
    description: page.description,
    sections: page.sections.map(({ id, heading, body, items }) => ({ id, heading, body, items })),
  })
/** A page's words as a reader reads them: no scripts or styles, no tags, entities decoded, one space between words. */
const wordsOf = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** /safety's words as its code wrote them before they were content (each a heading, a card's title or text, a line). */
const SAFETY_WORDS = [
  'Client Screening',
  'Every client completes a written screening questionnaire before a first session and reports any change in health before later ones. Anyone with a listed contraindication consults a healthcare provider first.',
  'Trained Supervision',
  'A trained operator is present for the whole of every session, stays in contact with the client, and knows and practises the chamber’s emergency depressurisation procedure.',
  'Pressure Limits',
  'Wellness sessions never exceed 2.0 ATA; most run at 1.3-1.5 ATA. Pressurisation and depressurisation are gradual, and pause whenever a client has ear discomfort.',
  'Fire & Oxygen Safety',
  'Oxygen, where offered, comes from a concentrator (about 93-96%) placed as the manufacturer specifies, never from compressed cylinders in a wellness chamber. No electronics, heat sources or oil-based products go inside.',
  'Before a Session',
  'During a Session',
  'After a Session',
  'Safety Standard for Pressure Vessels for Human Occupancy',
  'An American National Standard covering the design, fabrication, inspection, testing, marking and stamping of chambers and their piping. It applies above a 2 psi pressure difference, so even a 1.3 ATA chamber (about 4.4 psi above sea level) is in scope. The council expects chambers to be built to PVHO-1; its companion, PVHO-2, covers in-service operation and maintenance.',
  'Medical devices: quality management systems',
  'ISO 13485:2016 sets requirements for a manufacturer’s quality management system. The council expects chamber manufacturers to hold ISO 13485 certification. Note what it means: certification shows that the manufacturer’s design, production and record-keeping processes are controlled. It is not an approval of any particular product’s safety.',
  'NFPA 99, Chapter 14',
  'Hyperbaric facilities',
  'The Health Care Facilities Code’s chapter on hyperbaric facilities sorts chambers into classes: A (several people), B (one person) and C (animals), and sets fire-safety, electrical and ventilation requirements. It is useful background for any facility planning its room, equipment and emergency procedures.',
  'Facility Operations',
  'What the council expects day to day',
  'A written emergency procedure that staff practise; a documented inspection and maintenance schedule with records of every service; a session record for each client visit; a ventilated, uncluttered room around the chamber; and operators trained on the specific chamber in use.',
  'Complete the screening questionnaire and consult a healthcare provider if any contraindication applies.',
  'Avoid alcohol for 24 hours before a session.',
  'Arrive hydrated and avoid a heavy meal just beforehand.',
  'Wear loose cotton clothing; avoid lotions, oils and oil-based hair or skin products.',
  'Leave phones, electronics, lighters, hand warmers and other heat sources outside the chamber.',
  'Learn how to equalise your ears and how to signal the operator.',
  'Reschedule if you have a cold, congestion or any new symptom.',
  'Equalise your ears by swallowing, yawning or gently pinching your nose and blowing as the pressure rises.',
  'Tell the operator straight away about ear pain, dizziness, anxiety or anything unusual; the operator can slow, pause or end the session.',
  'Breathe normally and rest; if using oxygen, keep the mask or cannula positioned as shown.',
  'Stay within the usual session length of 60-90 minutes.',
  'Let the chamber depressurise gradually, and keep equalising your ears as it does.',
  'Rest for a few minutes before getting up and leaving.',
  'Drink water and notice how you feel.',
  'Tell the operator about anything unusual so it can be noted in the session record.',
  'If ear pain, dizziness or other symptoms persist, contact a healthcare provider.',
  'Core Safety Protocols',
  'Session Guidelines',
  'Contraindications',
  'Facility & Equipment Standards',
  'The protocols, session guidelines and equipment standards the council expects of every mild hyperbaric wellness provider.',
  'Do not begin mild hyperbaric sessions without a healthcare provider’s advice if any of the following apply:',
  'Tell the operator about any other health condition or medication before a session, and about any change in your health before each later one.',
  'The council points providers to recognised standards rather than inventing its own. These are the ones we reference, and what each actually covers.',
]

/**
 * The other pages' words as their code wrote them before they were content (`{council}` shows as
 * the council's name; the test site's is the default).
 */
const OTHER_PAGES: Record<
  | ''
  | 'benefits'
  | 'education'
  | 'about'
  | 'about/mission-statement'
  | 'research'
  | 'resources'
  | 'contact'
  | 'privacy'
  | 'faq',
  string[]
> = {
  // The footer's about text, on every page.
  faq: [
    'An independent standards council for mild hyperbaric oxygen as a wellness practice. We publish safety protocols, equipment expectations and plain-language education for practitioners, facility operators, manufacturers and the public.',
  ],
  contact: [
    'Contact Us',
    'Questions about standards, resources or partnerships? Write to the council and we will get back to you.',
    'Contact the mHBOT Standards Council about safety standards, educational resources, facility operator support or partnerships.',
    'Contact Information',
    'Common Inquiry Topics',
    'Safety standards and protocol guidance',
    'Educational resources and materials',
    'Facility operator support',
    'General mHBOT information',
    'Partnership and collaboration opportunities',
    'Send Us a Message',
    'We typically reply within 2-3 business days. If your matter is urgent, please say so in the subject line.',
  ],
  privacy: [
    'What this website stores about you, why, for how long, and how to be removed.',
    'What the council’s website stores about you (contact messages, newsletter addresses, testimonials), why, for how long, and how to have it removed.',
    'What we store and why',
    'The Mild Hyperbaric Oxygen Standards Council keeps only what you send us through this website. We do not use analytics, advertising or tracking cookies, and we do not sell or share your data. Everything below is stored in the council’s own database.',
    'Contact messages',
    'What: Your name, e-mail address, subject and message, and when you sent it.',
    'Why: To read and answer your message. When the site is set up to send e-mail, a copy goes to the council’s own inbox so that no message waits unseen.',
    'How long: Until the council deletes it. Messages are kept while we need them to answer you and follow up; ask us and yours is deleted for good.',
    'Newsletter subscriptions',
    'What: Your e-mail address, when you subscribed, and whether the subscription is waiting for confirmation, active or ended. Also when and how you gave your consent (confirming the link we e-mailed you, or subscribing while this website sent no e-mail), and when we last e-mailed you a link to confirm, so that nobody can have us send you more than one every 10 minutes.',
    'Why: To send you the newsletter, a few times a year, and nothing else. When the site sends e-mail, we first send a link to confirm that the address is yours.',
    'How long: While you are subscribed. An address that is never confirmed is deleted after 30 days. After you unsubscribe we keep the address marked as unsubscribed, so that it is never mailed again, unless you ask us to delete it.',
    'Testimonials',
    'What: The name, location (if you gave one) and words you sent, and when you agreed that we may publish them.',
    'Why: To publish your experience on the home page after the council has reviewed it, with your consent.',
    'How long: Until you ask us to withdraw it, or the council removes it.',
    'A session cookie, for the council’s staff only',
    'What: A random identifier that keeps a signed-in member of staff signed in to the admin.',
    'Why: To let council staff manage the site. Visitors who do not sign in get no cookie at all.',
    'How long: At most 7 days, or 8 hours when staff sign in with a one-time link; it ends when they sign out.',
    'Technical records',
    'What: The network address each form was sent from, counted per form; and the web server’s request log (time, page asked for, network address), which holds nothing you type into a form.',
    'Why: To stop anyone from flooding the forms, and to keep the site running and secure.',
    'How long: The counts are deleted one day after their counting window ends (the windows last minutes). The request log is kept as briefly as the server’s operator keeps logs.',
    'How to be removed',
    'Write to info@mhbotstandards.org and say what you would like removed: a message you sent, your newsletter address, or your testimonial. We delete it for good, and the record of what our staff changed keeps no copy of your details.',
    'To stop the newsletter, use the unsubscribe link in any newsletter e-mail: one click on the page it opens is enough. You can also ask us what we hold about you, or to correct it, at the same address.',
    'If you unsubscribed and want the newsletter again, subscribe again and confirm through the link we e-mail you. When this website is run without sending e-mail, it cannot check that an address is yours, so an address that unsubscribed stays unsubscribed: write to us at info@mhbotstandards.org and we will remove the old record so that you can subscribe again.',
    'Questions about this page? Contact us .',
  ],
  research: [
    'Research Library',
    'Published work on mild hyperbaric exposure (about 1.25-1.5 ATA). Each summary says what the study examined; most are animal studies, and none shows that mild sessions treat or prevent any condition.',
    'Published studies on mild hyperbaric exposure, with plain summaries of what each study examined, most of them animal studies.',
  ],
  resources: [
    'Educational Resources',
    'Documents for practitioners, facility operators and the public: the council’s position statement, safety checklists and plain-language guides, free to download.',
    'Download the council’s position statement, safety checklists, screening guide and educational documents on mild hyperbaric oxygen.',
  ],
  '': [
    'Setting Standards for Mild Hyperbaric Wellness',
    'Oxygen Enrichment',
    'Gentle pressure lets more oxygen dissolve into the body’s fluids while you rest.',
    'Energy & Vitality',
    'Many people report feeling refreshed and energised after a session.',
    'Recovery Support',
    'Athletes and active people use sessions as part of their rest and recovery routine.',
    'Mental Clarity',
    'A quiet, unplugged hour that many describe as calming and clarifying.',
    'Overall Wellness',
    'A relaxing practice that may support a broader healthy lifestyle.',
    'Safety First',
    'Council protocols for screening, equipment and supervision come before everything else.',
    'The mHBOT Standards Council publishes safety standards, education and research for mild hyperbaric oxygen as a wellness practice.',
    'Publish clear, practical safety standards for mild hyperbaric wellness sessions.',
    'Educate the public and practitioners with accurate, balanced information.',
    'Set expectations for equipment built to ASME PVHO-1 and ISO 13485 quality systems.',
    'Keep mild hyperbaric practice distinct from medical hyperbaric oxygen therapy.',
    'Mild hyperbaric oxygen (mHBOT) means resting in a chamber pressurised slightly above the air around us: up to 2.0 ATA, commonly 1.3-1.5 ATA, where sea level is 1.0 ATA. Some chambers add air from an oxygen concentrator, whose output is about 93-96% oxygen. Sessions last 60-90 minutes.',
    'Setting Standards for Mild Hyperbaric Wellness',
    'Independent safety standards, education and research for mild hyperbaric oxygen, practised as wellness, never as medicine.',
    'Learn About mHBOT',
    'Safety Standards',
    'Read the Education Guide',
    'Explore All Benefits',
    'Share your experience',
    'Learn More, Practise Safely',
    'Read the council’s education guide, or contact us about standards, resources and partnerships.',
    'Start Learning',
    'Contact Us',
    'Have you used mild hyperbaric sessions? Tell the council about it.',
    'Our Mission',
    'What is Mild Hyperbaric Oxygen Therapy?',
    'Wellness Benefits',
    'What People Say',
  ],
  about: [
    'Questions or Inquiries?',
    'We welcome questions about our standards, educational materials, facility guidance and partnership opportunities.',
    'About Us',
    'Safety First',
    'Screening, pressure limits, trained supervision and sound equipment come before anything else we publish.',
    'Integrity',
    'We describe mild hyperbaric sessions honestly, as a wellness practice, and we do not endorse treatment or cure claims.',
    'Education',
    'Plain-language, balanced information helps the public and practitioners make informed choices.',
    'Collaboration',
    'We work with practitioners, facility operators, manufacturers and researchers to raise standards together.',
    'Who we are: an independent council that sets safety standards and publishes education for mild hyperbaric oxygen as a wellness practice.',
    'Publish safety protocols for mild hyperbaric wellness sessions, from client screening to emergency procedures.',
    'Set equipment expectations: chambers built to ASME PVHO-1 by manufacturers with ISO 13485-certified quality systems.',
    'Provide guidance and checklists for facility operators and their staff.',
    'Maintain a research library that summarises what published studies examined, including their limits.',
    'Produce educational resources that explain what mild hyperbaric sessions are, and what they are not.',
    'Issue public position statements that define terms and keep mild sessions distinct from medical HBOT.',
    'The Mild Hyperbaric Oxygen Standards Council is a standards body for mild hyperbaric oxygen (mHBOT), the practice of resting in a chamber pressurised up to 2.0 ATA, commonly 1.3-1.5 ATA. We bring together wellness practitioners, facility operators, manufacturers, researchers and members of the public who want the practice to be safe, clearly explained and kept separate from medical hyperbaric oxygen therapy.',
    'An independent council setting standards for mild hyperbaric oxygen as a safe, honest wellness practice.',
    'We do not sell chambers or sessions, and we do not certify medical treatments. Our role is to publish standards, guidance and education that anyone can use.',
    'We are committed to accuracy over enthusiasm. The figures we publish are stated plainly, our benefit language stays within general wellness, and we acknowledge that the research on mild hyperbaric pressure is still early and limited. When the evidence or the standards change, we update our guidance.',
    'Mission Statement',
    'Position Statement',
    'Who We Are',
    'Our Core Values',
    'What We Do',
    'Our Commitment',
    'Read our Mission Statement and our Position Statement for the principles behind our work.',
  ],
  'about/mission-statement': [
    'Mission Statement',
    'Safety',
    'Clear limits and protocols for every session: pressure up to 2.0 ATA, commonly 1.3-1.5 ATA; screening for contraindications before a first session; a trained operator present throughout; and chambers built to ASME PVHO-1 by manufacturers with ISO 13485-certified quality systems.',
    'Education',
    'Accurate, plain-language information about what mild hyperbaric sessions are, how they differ from medical hyperbaric oxygen therapy, and what people can reasonably expect, so that everyone can make informed choices.',
    'Integrity',
    'Honest wellness framing. We describe possible benefits as general wellness support, we say where the research is limited, and we do not endorse claims that mild sessions treat, cure or prevent disease.',
    'To the Public',
    'We will publish our standards openly, explain them in plain language, and always remind readers to consult a healthcare provider before starting a new wellness practice.',
    'To Practitioners and Facility Operators',
    'We will provide practical, usable guidance, from screening questionnaires to emergency procedures, and keep it current as equipment and understanding improve.',
    'To Manufacturers and Researchers',
    'We will base our equipment expectations on recognised standards, summarise research fairly, and welcome collaboration that strengthens the evidence and the safety record of the field.',
    'The council’s mission, its three pillars of safety, education and integrity, and its commitments to the public, practitioners and the wider field.',
    'Why the council exists, the pillars our work rests on, and the commitments we hold ourselves to.',
    'Mild hyperbaric sessions have become widely available in wellness centres, studios and homes. We believe the people who use them deserve consistent safety practices and straightforward information, and that the practice is best served by modest, accurate claims.',
    'Our Mission',
    'Our Three Pillars',
    'Our Commitments',
    'The Mild Hyperbaric Oxygen Standards Council exists to make mild hyperbaric oxygen a safe, well-understood wellness practice by setting clear standards, educating the public and practitioners, and keeping the practice honestly distinct from medical treatment.',
  ],
  benefits: [
    'Oxygen Enrichment',
    'Under gentle pressure, more oxygen dissolves into the body’s fluids. Many people value sessions as a way to support their everyday sense of wellbeing.',
    'Energy & Vitality',
    'Many people report feeling refreshed and more energised after a session.',
    'Recovery Support',
    'Athletes and active people often include sessions in their rest and recovery routine; it may support how they feel between workouts.',
    'Mental Clarity',
    'A quiet, unplugged hour that many people describe as clearing their head and helping them refocus.',
    'Relaxation & Calm',
    'Resting in a still, enclosed space away from screens may support relaxation and a sense of calm.',
    'Restful Sleep',
    'Some people report sleeping well after a session, and use sessions as part of a restful evening routine.',
    'Active Lifestyle',
    'Sessions may support an active lifestyle when combined with regular movement, good nutrition and rest.',
    'Overall Wellness',
    'Many people report that regular sessions are a worthwhile part of a balanced, healthy lifestyle.',
    'The wellness benefits people report from mild hyperbaric sessions, how to fit sessions into a healthy routine, and what to keep in mind.',
    'Talk to your healthcare provider first, and complete the facility’s screening questionnaire before your first session.',
    'Start gently: a lower pressure, such as 1.3 ATA, lets you get used to equalising your ears.',
    'Choose a consistent schedule you can keep, rather than many sessions at once.',
    'Arrive hydrated, avoid alcohol for 24 hours before a session, and skip heavy meals just beforehand.',
    'Pair sessions with the basics that matter most: sleep, nutrition, movement and stress management.',
    'Keep a simple journal of how you feel, and adjust your routine with your provider and operator.',
    'Choose a facility that follows council standards: screening, a trained operator and certified equipment.',
    'Mild hyperbaric sessions are a wellness practice. They are not intended to diagnose, treat, cure or prevent any disease.',
    'Experiences vary from person to person, and reported benefits are not guaranteed.',
    'Research on mild hyperbaric pressure is still early and limited; many published studies were carried out in animals.',
    'Never stop or delay medical care, or change prescribed treatment, because of a wellness practice.',
    'Check the contraindications on our Safety & Standards page before your first session.',
    'Mild hyperbaric sessions, at up to 2.0 ATA and commonly 1.3-1.5 ATA, are used by many people as a restful wellness practice. These are the benefits people most often describe.',
    'What people report from mild hyperbaric sessions, described honestly as general wellness support.',
    'Potential Wellness Benefits',
    'Integrating mHBOT into Your Wellness Routine',
    'Important Notes',
  ],
  education: [
    'Pressurisation',
    'Once you are settled, the chamber is slowly filled with air until it reaches the set pressure, usually 1.3-1.5 ATA. You equalise your ears as it fills, much as on a descending aeroplane.',
    'More oxygen dissolves',
    'Gases dissolve more readily into liquids under higher pressure. In the chamber, more oxygen dissolves into the body’s fluids than at normal air pressure.',
    'Rest at pressure',
    'For most of the session you simply rest, read or sleep. Some chambers also supply oxygen-enriched air from a concentrator through a mask or cannula.',
    'Gradual release',
    'At the end the pressure is released gradually back to 1.0 ATA, and you rest for a few minutes before leaving.',
    'ATA (atmospheres absolute)',
    'ATA is the total pressure on your body, including the air around you. Sea level is 1.0 ATA.',
    'Mild pressure',
    'Up to 2.0 ATA',
    'Mild sessions run at up to 2.0 ATA, commonly 1.3-1.5 ATA. At 1.3 ATA the extra pressure is about 4.4 psi, similar to being about 3 metres (10 feet) under water.',
    'Oxygen concentrator',
    'About 93-96%',
    'A concentrator filters room air to deliver about 93-96% oxygen through a mask or cannula. It sits outside the chamber; compressed oxygen cylinders do not belong in a wellness chamber.',
    'Session length',
    'Sessions last 60-90 minutes, including gradual pressurisation at the start and depressurisation at the end.',
    'What mild hyperbaric oxygen (mHBOT) is, how it works, key concepts such as ATA and oxygen concentrators, and how wellness sessions differ from medical HBOT.',
    'Mild hyperbaric oxygen, usually shortened to mHBOT, means resting in a chamber pressurised slightly above the air around us. Sea level is 1.0 ATA; mild sessions run at up to 2.0 ATA, commonly 1.3-1.5 ATA. Chambers range from soft-sided units for one or two people to hard-shell models, and they are found in wellness centres, studios and homes.',
    'Medical hyperbaric oxygen therapy (HBOT) is stated as 2.4-6 ATA with 100% oxygen, a range that spans clinical treatment protocols. It is prescribed and supervised by physicians in hospitals and licensed clinical facilities for specific medical conditions.',
    'The comparison below draws the line more simply: medical HBOT runs above 2.0 ATA, typically 2.0-3.0 ATA, while mild wellness sessions stay at or below 2.0 ATA, commonly 1.3-1.5 ATA. Either way, the two are different practices with different purposes.',
    'A plain-language guide to mild hyperbaric oxygen: what it is, how it works, and how it differs from medical hyperbaric oxygen therapy.',
    'The council treats mHBOT as a wellness practice: time set aside to rest in a quiet, pressurised space. It is not a medical treatment and is not a substitute for care from a qualified healthcare provider.',
    'Learn what people report from mild hyperbaric sessions, how to fit them into a wellness routine, and what to keep in mind.',
    'What is Mild Hyperbaric Oxygen Therapy?',
    'How It Works',
    'Key Concepts',
    'Wellness Versus Medical',
    'Next: Wellness Benefits',
  ],
}

const SENTENCE = 'Every session starts with the screening questionnaire, reviewed by the operator.'

describe("the pages' words as content", () => {
  it('shows /safety as it was in code, word for word, until something is published', async () => {
    const page = await call('GET', '/safety', undefined, {})
    expect(page.statusCode).toBe(200)
    const read = wordsOf(page.body)
    for (const words of SAFETY_WORDS) expect(read, words).toContain(words)
    expect(page.body).toContain(`<meta name="description" content="${escapeHtml(SAFETY_PAGE.description)}"`)
    expect(SAFETY_PAGE.description.length).toBeLessThanOrEqual(160)
    // The guidelines are lists, the cards are cards: the Markdown became HTML.
    expect(page.body).toContain('<li>Avoid alcohol for 24 hours before a session.</li>')
    const view = (await call('GET', '/api/pages/safety', undefined, {})).json() as View
    expect(view.sections.protocols?.items.map((item) => item.title)).toEqual([
      'Client Screening',
      'Trained Supervision',
      'Pressure Limits',
      'Fire & Oxygen Safety',
    ])
    expect((await call('GET', '/api/pages/nowhere', undefined, {})).statusCode).toBe(404)
    expect((await call('GET', '/sitemap.xml', undefined, {})).body).toContain(
      '<loc>http://localhost:3000/safety</loc><changefreq>monthly</changefreq>',
    )
    const editing = (await call('GET', '/api/admin/pages/safety')).json() as Editing
    expect(editing).toMatchObject({ version: 0, hasDraft: false, revision: 0 })
    expect(contentOf(editing.draft)).toEqual(SAFETY_PAGE)
  })

  it('shows the home page, /about, its mission statement, /benefits, /education, the libraries, /contact, /privacy and the footer as they were in code, word for word, each with its description', async () => {
    for (const [key, pageWords] of Object.entries(OTHER_PAGES)) {
      const page = await call('GET', `/${key}`, undefined, {})
      expect(page.statusCode).toBe(200)
      // What a reader reads, and the description search engines read in the head.
      const read = `${wordsOf(page.body)} ${page.body.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ''}`
      for (const words of pageWords) expect(read, `${key}: ${words}`).toContain(words)
    }
    for (const key of PAGE_KEYS) {
      const view = (await call('GET', `/api/pages/${key}`, undefined, {})).json() as View
      expect(view.description.length, key).toBeLessThanOrEqual(160)
    }
    // The privacy page's addresses are the council's, with the subject each asks for.
    const privacy = (await call('GET', '/privacy', undefined, {})).body
    expect(privacy).toContain('href="mailto:info@mhbotstandards.org?subject=Please%20delete%20my%20data"')
    expect(privacy).toContain(
      'href="mailto:info@mhbotstandards.org?subject=Newsletter%3A%20please%20subscribe%20me%20again"',
    )
    // A benefit card keeps its icon (by its title); the pressure scale and the table stay.
    const benefits = (await call('GET', '/benefits', undefined, {})).body
    expect(benefits.match(/data-testid="benefit-card"/g)).toHaveLength(8)
    expect((await call('GET', '/education', undefined, {})).body).toContain(
      'Comparison table: mild versus medical hyperbaric oxygen',
    )
  })

  it('a draft changes nothing public; publishing changes the page, its search and its date at once, on every replica', async (context) => {
    const url = setup.database.url
    const other = url ? await others.start(String(url), { ssr: { render, assets: EMPTY_ASSETS } }) : null
    expect((await call('GET', '/safety', undefined, {})).body).not.toContain(SENTENCE)
    if (other) expect((await call('GET', '/safety', undefined, {}, other)).body).not.toContain(SENTENCE)

    const opened = (await call('GET', '/api/admin/pages/safety')).json() as Editing
    const content = contentOf(opened.draft)
    const protocols = content.sections[1]
    if (!protocols?.items[0]) throw new Error('no protocols')
    protocols.items[0].body = `${SENTENCE} See [the FAQ](/faq).`
    content.description = 'How the council expects mild hyperbaric sessions to be run safely.'
    const saved = await call('PUT', '/api/admin/pages/safety/draft', { version: opened.version, content })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ version: opened.version + 1, hasDraft: true, revision: 0 })
    expect((await call('GET', '/safety', undefined, {})).body).not.toContain(SENTENCE)

    const published = await call('POST', '/api/admin/pages/safety/publish', { version: opened.version + 1 })
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json()).toMatchObject({ hasDraft: false, revision: 1 })
    const body = (await call('GET', '/safety', undefined, {})).body
    expect(body).toContain(`${SENTENCE} See <a href="/faq">the FAQ</a>.`)
    expect(body).toContain(
      '<meta name="description" content="How the council expects mild hyperbaric sessions to be run safely."',
    )
    expect((await call('GET', '/sitemap.xml', undefined, {})).body).toMatch(
      /<loc>http:\/\/localhost:3000\/safety<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/,
    )
    // The site search reads the page as published.
    const found = await until(
      async () => (await call('GET', '/api/search?q=screening%20questionnaire%20reviewed', undefined, {})).body,
      (text) => text.includes('/safety'),
    )
    expect(found).toContain('/safety')
    if (other) {
      const seen = await until(
        async () => (await call('GET', '/safety', undefined, {}, other)).body,
        (text) => text.includes(SENTENCE),
      )
      expect(seen).toContain(SENTENCE)
    } else context.skip()
  })

  it('the footer: one publish changes every page, with no description and no date of its own in the sitemap', async () => {
    const FOOTER = 'The council writes standards for mild hyperbaric wellness sessions. Read [our FAQ](/faq).'
    const opened = (await call('GET', '/api/admin/pages/footer')).json() as Editing
    const content = contentOf(opened.draft)
    expect(content.description).toBe('')
    const about = content.sections[0]
    if (!about) throw new Error('no about section')
    about.body = FOOTER
    const described = await call('PUT', '/api/admin/pages/footer/draft', {
      version: opened.version,
      content: { ...content, description: 'A footer has none.' },
    })
    expect(described.statusCode).toBe(400)
    expect(described.body).toContain('A part of every page has no description of its own')
    const saved = await call('PUT', '/api/admin/pages/footer/draft', { version: opened.version, content })
    expect(saved.statusCode, saved.body).toBe(200)
    const published = await call('POST', '/api/admin/pages/footer/publish', { version: opened.version + 1 })
    expect(published.statusCode, published.body).toBe(200)
    for (const url of ['/', '/faq', '/news', '/privacy', '/no-such-page']) {
      const body = (await call('GET', url, undefined, {})).body
      expect(body, url).toContain(
        'The council writes standards for mild hyperbaric wellness sessions. Read <a href="/faq">our FAQ</a>.',
      )
      expect(body, url).not.toContain('An independent standards council for mild hyperbaric oxygen')
    }
    // The home page's date is its own words', not the footer's.
    expect((await call('GET', '/sitemap.xml', undefined, {})).body).not.toMatch(
      /<loc>http:\/\/localhost:3000\/<\/loc><lastmod>/,
    )
  })

  it('a page saved before its layout gained a section shows, edits and publishes with the starting words for it', async () => {
    // /about as a site that published it before the closing "Questions or Inquiries?" was content
    // stored it: every section but the last, with a changed sentence.
    const opened = (await call('GET', '/api/admin/pages/about')).json() as Editing & { published: unknown }
    const stored = structuredClone(opened.published) as PageContent & { rendered: unknown[] }
    const last = stored.sections.findIndex((section) => section.id === 'inquiry')
    expect(last).toBe(stored.sections.length - 1)
    stored.sections.splice(last, 1)
    stored.rendered.splice(last, 1)
    stored.rendered[1] = { body: { html: '<p>Saved before.</p>', text: 'Saved before.' }, items: [] }
    await app.db.insert(siteTexts).values({
      key: 'page:about',
      published: stored,
      draft: stored,
      revision: 1,
      version: 3,
      publishedBy: 'x@example.org',
    })

    const body = wordsOf((await call('GET', '/about', undefined, {})).body)
    expect(body).toContain('Saved before.')
    expect(body).toContain('Questions or Inquiries? We welcome questions about our standards')
    const editing = (await call('GET', '/api/admin/pages/about')).json() as Editing
    expect(editing.draft.sections.map((section) => section.id)).toEqual([
      'intro',
      'who',
      'values',
      'what',
      'commitment',
      'inquiry',
    ])
    const saved = await call('PUT', '/api/admin/pages/about/draft', { version: 3, content: contentOf(editing.draft) })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await call('POST', '/api/admin/pages/about/publish', { version: 4 })).statusCode).toBe(200)
    expect(wordsOf((await call('GET', '/about', undefined, {})).body)).toContain('Questions or Inquiries?')
  })

  it('keeps every revision: compared with the current one as text, restored as a draft, published again', async () => {
    const start = (await call('GET', '/api/admin/pages/safety')).json() as Editing
    const changed = contentOf(start.draft)
    const intro = changed.sections[0]
    if (!intro) throw new Error('no intro')
    intro.body = `${intro.body} **Read them before a first session.**`
    let version = (
      await call('PUT', '/api/admin/pages/safety/draft', { version: start.version, content: changed })
    ).json().version
    version = (await call('POST', '/api/admin/pages/safety/publish', { version })).json().version

    const starter = (await call('GET', '/api/admin/pages/safety/revisions/0')).json() as {
      comparison: { blocks: { kind: string; heading?: boolean; segments: { kind: string; text: string }[] }[] }
    }
    const inserted = starter.comparison.blocks
      .flatMap((block) => block.segments)
      .filter((segment) => segment.kind === 'inserted')
      .map((segment) => segment.text)
      .join('')
    // The text as read, not its Markdown: no ** in the comparison.
    expect(inserted).toContain('Read them before a first session.')
    expect(JSON.stringify(starter.comparison)).not.toContain('**')
    expect(
      starter.comparison.blocks.some((block) => block.heading && block.segments[0]?.text === 'Core Safety Protocols'),
    ).toBe(true)

    const restored = await call('POST', '/api/admin/pages/safety/revisions/0/restore', { version })
    expect(restored.statusCode, restored.body).toBe(200)
    const draft = restored.json() as Editing
    expect(contentOf(draft.draft)).toEqual(SAFETY_PAGE)
    expect((await call('GET', '/safety', undefined, {})).body).toContain('Read them before a first session.')
    await call('POST', '/api/admin/pages/safety/publish', { version: draft.version })
    expect((await call('GET', '/safety', undefined, {})).body).not.toContain('Read them before a first session.')
    const revisions = (await call('GET', '/api/admin/pages/safety/revisions')).json() as {
      revision: number
      summary: string
    }[]
    expect(revisions.at(-1)).toMatchObject({ revision: 0, summary: '6 sections, 11 cards' })
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entityId, 'page:safety'))
    expect(logged.map((row) => row.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ draft: 'saved', page: 'safety' }),
        expect.objectContaining({ published: true }),
        expect.objectContaining({ draft: 'restored', fromRevision: 0 }),
      ]),
    )
    expect((await call('GET', '/api/admin/pages/safety/revisions/999')).statusCode).toBe(404)
  })

  it('two editors: the second to save is told, and nothing of either is lost', async () => {
    const second = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'second@example.org', 'editor') }
    const opened = (await call('GET', '/api/admin/pages/safety')).json() as Editing
    const mine = contentOf(opened.draft)
    mine.sections[1]?.items.push({ title: 'Mine', subtitle: '', body: 'Saved first.' })
    const theirs = contentOf(opened.draft)
    theirs.sections[1]?.items.push({ title: 'Theirs', subtitle: '', body: 'Saved second.' })
    expect(
      (await call('PUT', '/api/admin/pages/safety/draft', { version: opened.version, content: mine })).statusCode,
    ).toBe(200)
    const late = await call(
      'PUT',
      '/api/admin/pages/safety/draft',
      { version: opened.version, content: theirs },
      second,
    )
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toMatch(
      /^Another member saved or published the Safety & Standards page after you opened it/,
    )
    const now = (await call('GET', '/api/admin/pages/safety')).json() as Editing
    expect(now.draft.sections[1]?.items.at(-1)?.title).toBe('Mine')
    expect(
      (await call('POST', '/api/admin/pages/safety/publish', { version: opened.version }, second)).statusCode,
    ).toBe(409)
  })

  it('refuses what the page cannot show with a 400 and a reason per field; strangers and moderators may not edit', async () => {
    const opened = (await call('GET', '/api/admin/pages/safety')).json() as Editing
    const content = contentOf(opened.draft)
    const [intro, protocols, guidelines] = content.sections
    if (!intro || !protocols?.items[0] || !guidelines) throw new Error('no sections')
    intro.heading = 'A heading the hero has no place for'
    protocols.items[0].title = ''
    guidelines.items = []
    const bad = await call('PUT', '/api/admin/pages/safety/draft', { version: opened.version, content })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toMatchObject({
      'content.sections.0.heading': 'This section has no heading',
      'content.sections.1.items.0.title': 'Title is required',
      'content.sections.2.items': 'The section keeps at least one card',
    })
    const reordered = { ...contentOf(opened.draft), sections: [...contentOf(opened.draft).sections].reverse() }
    expect(
      (await call('PUT', '/api/admin/pages/safety/draft', { version: opened.version, content: reordered })).statusCode,
    ).toBe(400)
    const longDescription = { ...contentOf(opened.draft), description: 'x'.repeat(161) }
    expect(
      (await call('PUT', '/api/admin/pages/safety/draft', { version: opened.version, content: longDescription })).json()
        .fields,
    ).toEqual({ 'content.description': 'Description must be at most 160 characters' })
    // A text the renderer cannot handle in time is refused on its field, with the sentence to act on; nothing is saved.
    const stalling = contentOf(opened.draft)
    const standards = stalling.sections[5]
    if (!standards?.items[1]) throw new Error('no standards')
    standards.items[1].body = '>'.repeat(4_000)
    const refused = await call('PUT', '/api/admin/pages/safety/draft', { version: opened.version, content: stalling })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields['content.sections.5.items.1.body']).toMatch(
      /^This text has a structure the renderer cannot handle in time: /,
    )
    expect(((await call('GET', '/api/admin/pages/safety')).json() as Editing).version).toBe(opened.version)
    const preview = await call('POST', '/api/admin/pages/safety/preview', { content: stalling })
    expect(preview.statusCode).toBe(400)
    // An author's HTML never becomes HTML: the one renderer drops it and keeps the words around it.
    const hostile = contentOf(opened.draft)
    const firstCard = hostile.sections[1]?.items[0]
    if (!firstCard) throw new Error('no card')
    firstCard.body = 'Screened <script>alert(1)</script> first, then <img src=x onerror=alert(2)> rested. שלום 🌊'
    const shown = await call('POST', '/api/admin/pages/safety/preview', { content: hostile })
    expect(shown.statusCode, shown.body).toBe(200)
    const html = (shown.json() as View).sections.protocols?.items[0]?.html ?? ''
    expect(html).not.toMatch(/<script|<img|onerror/)
    expect(html).toContain('rested. שלום 🌊')
    const moderator = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'moderator@example.org', 'moderator') }
    expect((await call('GET', '/api/admin/pages/safety', undefined, moderator)).statusCode).toBe(403)
    expect((await call('PUT', '/api/admin/pages/safety/draft', { version: 0, content }, SAME_ORIGIN)).statusCode).toBe(
      401,
    )
    expect((await call('GET', '/api/admin/pages/nowhere')).statusCode).toBe(404)
  })

  it("shows the council's name from its settings where the text says {council}: a renamed council is renamed on the page", async () => {
    const owner = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'admin@example.org', 'owner') }
    const settings = (await call('GET', '/api/admin/settings', undefined, owner)).json() as { version: number }
    const renamed = await call(
      'PUT',
      '/api/admin/settings',
      { version: settings.version, name: 'Council for Gentle Pressure & Rest' },
      owner,
    )
    expect(renamed.statusCode, renamed.body).toBe(200)
    const about = await until(
      async () => wordsOf((await call('GET', '/about', undefined, {})).body),
      (text) => text.includes('The Council for Gentle Pressure & Rest is a standards body'),
    )
    expect(about).toContain('The Council for Gentle Pressure & Rest is a standards body')
    expect(about).not.toContain('{council}')
    // `{email}` is the council's address, in the words and in a link's address.
    const current = (await call('GET', '/api/admin/settings', undefined, owner)).json() as { version: number }
    const moved = await call(
      'PUT',
      '/api/admin/settings',
      { version: current.version, email: 'privacy@example.org' },
      owner,
    )
    expect(moved.statusCode, moved.body).toBe(200)
    const privacy = await until(
      async () => (await call('GET', '/privacy', undefined, {})).body,
      (html) => html.includes('privacy@example.org'),
    )
    expect(privacy).toContain(
      'href="mailto:privacy@example.org?subject=Please%20delete%20my%20data">privacy@example.org</a>',
    )
    // (The page's data, for the code, holds the stored HTML with its tokens; what is shown has none.)
    expect(privacy.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')).not.toMatch(/\{email\}|%7Bemail%7D/)
  })
})
