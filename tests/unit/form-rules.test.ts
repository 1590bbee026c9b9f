import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { zodValidate } from '../../src/client/lib/zod-form'
import { TEXT_LIMITS } from '../../src/shared/constants'
import {
  COMMENT_RULES,
  CONTACT_RULES,
  checkComment,
  checkContact,
  checkTestimonial,
  commentSubmission,
  EMAIL_PATTERN,
  HONEYPOT_MAX,
  readStudySearch,
  STUDY_SEARCH_RULE,
  TESTIMONIAL_RULES,
  testimonialSubmission,
} from '../../src/shared/form-rules'
import { ContactInputSchema } from '../../src/shared/schemas/contact'
import { StudySearchSchema } from '../../src/shared/schemas/research-study'
import { CommentInputSchema } from '../../src/shared/schemas/standards'
import { TestimonialSubmissionSchema } from '../../src/shared/schemas/testimonial'

/**
 * The public forms check in the browser without zod (src/shared/form-rules.ts); the server parses
 * with the zod schemas. Over generated input, both must accept and refuse the same values and give
 * the same first message for every field.
 */

const RUNS = Number(process.env.FORM_RULES_RUNS ?? 2000)

/** Characters that matter to the rules: spaces to trim, U+0000, lone and paired surrogates, e-mail punctuation. */
const tricky = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u0000',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ud83d\ude00',
  '.',
  '..',
  '@',
  '-',
  '+',
  '_',
  "'",
  'é',
  'A',
  'z',
  '0',
)

/** Text of any sort, with the tricky characters mixed in. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.oneof(tricky, fc.string({ maxLength: 3 })), { maxLength: 30 }).map((parts) => parts.join('')),
)

/** Text whose trimmed length is at or near one of the limits, padded with spaces or not. */
const around = (...limits: number[]) =>
  fc
    .tuple(
      fc.constantFrom(...limits),
      fc.integer({ min: -2, max: 2 }),
      fc.constantFrom('', ' ', '  \n'),
      fc.constantFrom('', ' ', '\t'),
      fc.constantFrom('a', 'é', ' a', '\u0000', '\ud800', '\ud83d\ude00', '\udc00\ud800'),
    )
    .map(([limit, delta, before, after, last]) => {
      const length = Math.max(0, limit + delta)
      return `${before}${'x'.repeat(Math.max(0, length - 1))}${length > 0 ? last : ''}${after}`
    })

const textFor = (min: number, max: number) => fc.oneof(anyText, around(min, max))

const local = fc
  .array(fc.oneof(fc.constantFrom('a', 'Z', '9', '_', "'", '+', '-', '.', '..', ' ', '\u0000', 'é')), {
    minLength: 0,
    maxLength: 8,
  })
  .map((parts) => parts.join(''))
const domain = fc
  .array(fc.constantFrom('a', 'b', 'Z', '0', '-', '.', 'co', 'org', 'x1'), { minLength: 0, maxLength: 6 })
  .map((parts) => parts.join(''))
const emails = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((email) => ` ${email.toUpperCase()} `),
  fc.tuple(local, domain, fc.constantFrom('', 'org', 'c', 'COM', 'x1')).map(([l, d, tld]) => `${l}@${d}.${tld}`),
  fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`),
  fc
    .integer({ min: TEXT_LIMITS.email - 12, max: TEXT_LIMITS.email - 4 })
    .chain((n) => fc.constantFrom(`${'a'.repeat(n)}@ex.org`, ` ${'a'.repeat(n)}@ex.org `)),
  anyText,
)
const honeypot = fc.oneof(
  fc.constant(''),
  anyText,
  fc.integer({ min: HONEYPOT_MAX - 1, max: HONEYPOT_MAX + 1 }).map((n) => 'b'.repeat(n)),
)

describe('the browser-side checks of the public forms agree with the zod schemas', () => {
  it('uses zod’s own e-mail pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'))
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags)
  })

  it('contact form: same verdicts and the same first message per field', () => {
    const values = fc.record({
      name: textFor(CONTACT_RULES.name.min.length, CONTACT_RULES.name.max.length),
      email: emails,
      subject: textFor(CONTACT_RULES.subject.min.length, CONTACT_RULES.subject.max.length),
      message: textFor(CONTACT_RULES.message.min.length, CONTACT_RULES.message.max.length),
      website: honeypot,
    })
    fc.assert(
      fc.property(values, (input) => {
        const client = checkContact(input)
        expect(client).toEqual(zodValidate(ContactInputSchema)(input))
        expect(Object.keys(client).length === 0).toBe(ContactInputSchema.safeParse(input).success)
      }),
      { numRuns: RUNS },
    )
  })

  it('testimonial form: same verdicts, the same first message per field, and the same values sent', () => {
    const values = fc.record({
      name: textFor(TESTIMONIAL_RULES.name.min.length, TESTIMONIAL_RULES.name.max.length),
      location: fc.oneof(fc.constant(''), fc.constant('   '), textFor(0, TESTIMONIAL_RULES.location.max.length)),
      testimonial: textFor(TESTIMONIAL_RULES.testimonial.min.length, TESTIMONIAL_RULES.testimonial.max.length),
      consent: fc.boolean(),
      website: honeypot,
    })
    fc.assert(
      fc.property(values, (input) => {
        const client = checkTestimonial(input)
        expect(client).toEqual(zodValidate(TestimonialSubmissionSchema)(input))
        const parsed = TestimonialSubmissionSchema.safeParse(input)
        expect(Object.keys(client).length === 0).toBe(parsed.success)
        if (parsed.success) expect(testimonialSubmission(input)).toStrictEqual(parsed.data)
      }),
      { numRuns: RUNS },
    )
  })

  it('standards comment form: same verdicts, the same first message per field, and the same values sent', () => {
    const values = fc.record({
      name: textFor(COMMENT_RULES.name.min.length, COMMENT_RULES.name.max.length),
      organisation: fc.oneof(fc.constant(''), fc.constant('  '), textFor(0, COMMENT_RULES.organisation.max.length)),
      email: emails,
      section: textFor(COMMENT_RULES.section.min.length, COMMENT_RULES.section.max.length),
      comment: textFor(COMMENT_RULES.comment.min.length, COMMENT_RULES.comment.max.length),
      proposedChange: fc.oneof(fc.constant(''), textFor(0, COMMENT_RULES.proposedChange.max.length)),
      consent: fc.boolean(),
      website: honeypot,
    })
    fc.assert(
      fc.property(values, (input) => {
        const client = checkComment(input)
        expect(client).toEqual(zodValidate(CommentInputSchema)(input))
        const parsed = CommentInputSchema.safeParse(input)
        expect(Object.keys(client).length === 0).toBe(parsed.success)
        if (parsed.success) expect(commentSubmission(input)).toStrictEqual(parsed.data)
      }),
      { numRuns: RUNS },
    )
  })

  it('research library search: the address keeps exactly the searches the search procedure takes, as written', () => {
    const q = fc.oneof(textFor(STUDY_SEARCH_RULE.min.length, STUDY_SEARCH_RULE.max.length), fc.anything())
    fc.assert(
      fc.property(q, (value) => {
        const kept = readStudySearch(value)
        expect(kept === undefined).toBe(!StudySearchSchema.safeParse({ q: value }).success)
        if (kept !== undefined) expect(kept).toBe(value)
      }),
      { numRuns: RUNS },
    )
  })

  it('agrees on hand-picked edges too', () => {
    const contact = { name: 'Al', email: 'al@example.org', subject: 'Hello', message: 'Ten chars.', website: '' }
    const cases = [
      contact,
      { ...contact, name: '  A  ' },
      { ...contact, email: ' AL@EXAMPLE.ORG ' },
      { ...contact, email: '.al@example.org' },
      { ...contact, email: 'al..b@example.org' },
      { ...contact, email: 'al.@example.org' },
      { ...contact, email: 'al@-example.org' },
      { ...contact, email: 'al@example.o' },
      { ...contact, message: `${'m'.repeat(TEXT_LIMITS.message)}\u0000` },
      { ...contact, subject: 'Hello\ud800' },
      { ...contact, subject: 'Hello\ud83d\ude00' },
    ]
    for (const input of cases)
      expect(checkContact(input), JSON.stringify(input)).toEqual(zodValidate(ContactInputSchema)(input))
    const testimonial = { name: 'Al', location: '', testimonial: 'x'.repeat(20), consent: true, website: '' }
    for (const input of [
      testimonial,
      { ...testimonial, consent: false },
      { ...testimonial, location: '  Oslo  ' },
      { ...testimonial, testimonial: ` ${'x'.repeat(19)} ` },
      { ...testimonial, name: 'A\u0000' },
    ]) {
      expect(checkTestimonial(input)).toEqual(zodValidate(TestimonialSubmissionSchema)(input))
    }
    expect(testimonialSubmission({ ...testimonial, location: '  Oslo ' })).toStrictEqual(
      TestimonialSubmissionSchema.parse({ ...testimonial, location: '  Oslo ' }),
    )
  })
})
