/**
 * A public form posted without JavaScript and refused by the server, as the page that shows the form
 * again receives it (docs/decisions/030-forms-without-javascript.md). The server renders the page
 * with it and writes it into the page as a JSON data block; the browser reads that block before
 * hydrating, so the form starts from the same state on both sides.
 */
export type FormPostState = {
  /** Which form on the page it is for. */
  form:
    | 'contact'
    | 'newsletter'
    | 'testimonial'
    | 'comment'
    | 'sign-in'
    | 'registry-application'
    | 'registry-answer'
    | 'registry-documents'
    | 'registry-concern'
  /** The page's own address: the browser shows it in place of the API route the form posted to. */
  path: string
  /** What was sent, field by field (a checkbox as true or false); empty when it is not shown again. */
  values: Record<string, string | boolean>
  /** The first message of each refused field, as the API's `fields` names them. */
  fields: Record<string, string>
  /** The server's message, which the form words as its toast would. */
  message: string
}

/** The id of the data block that carries the state in the page. */
export const FORM_POST_BLOCK_ID = 'form-post'
