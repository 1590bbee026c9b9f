/**
 * What the public forms say when they succeed, written once: the page's toast and the REST answer's
 * `message` read the same. The contact and newsletter texts are the product's (docs/product.md,
 * "Errors the user sees"). Plain strings, so a public page's first load carries nothing more.
 */
export const CONTACT_SUCCESS = {
  title: 'Message Received',
  message: "Thank you for contacting us. We'll respond to your inquiry as soon as possible.",
} as const

export const NEWSLETTER_SUCCESS = {
  title: 'Successfully Subscribed!',
  message: 'Thank you for subscribing to our newsletter.',
} as const

export const TESTIMONIAL_SUCCESS = {
  title: 'Thank you',
  message: 'Your experience was received. It will be reviewed before it appears on the site.',
} as const

/** A comment on a standard in public review: the REST answer's `message` and the toast's words. */
export const COMMENT_SUCCESS = {
  title: 'Comment received',
  message: 'Thank you. Your comment was received; the council will publish a written answer to it with the version.',
} as const
