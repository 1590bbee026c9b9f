import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { postMailBodies } from '../../db/schema'
import { MarkdownRefusedError } from './markdown'
import { renderForStoring, type StoredBody, storedBody } from './stored-bodies'

/**
 * A post's words for a mail: HTML and text whose links to the site work from a mail program, and
 * the links that cannot (into the page, or relative to it), which the editor is warned of.
 */
export type MailBody = { html: string; text: string; unreachable: string[] }

/**
 * The post's body as its mail shows it, with every link to the site's own pages absolute (a mail
 * program has no page to resolve `/standards/…` against). Rendered once per body and address, in
 * the Markdown pool like every rendering, and stored: each of a newsletter issue's thousands of
 * mails reads the stored one. A body the renderer refuses (only one saved before saves were
 * checked) goes out as its page shows it.
 */
export async function mailBody(db: Db, post: StoredBody, linkBase: string): Promise<MailBody> {
  const [kept] = await db.select().from(postMailBodies).where(eq(postMailBodies.postId, post.id))
  if (kept && kept.body === post.body && kept.linkBase === linkBase)
    return { html: kept.html, text: kept.text, unreachable: kept.unreachable }
  let rendered: MailBody
  try {
    rendered = await renderForStoring('post', post.body, linkBase)
  } catch (error) {
    if (error instanceof MarkdownRefusedError) return { ...(await storedBody(db, 'post', post)), unreachable: [] }
    throw error
  }
  const row = { body: post.body, linkBase, html: rendered.html, text: rendered.text, unreachable: rendered.unreachable }
  await db
    .insert(postMailBodies)
    .values({ postId: post.id, ...row })
    .onConflictDoUpdate({ target: postMailBodies.postId, set: row })
  return { html: rendered.html, text: rendered.text, unreachable: rendered.unreachable }
}
