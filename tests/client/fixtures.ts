import type { Study } from '../../src/client/admin/studies/types'

export type { Study }

/** A study as the admin list answers it; only its id and title matter to these tests. */
export const study = (id: number, title = `Study ${id}`): Study => ({
  id,
  title,
  authors: null,
  journal: null,
  year: null,
  volume: null,
  issue: null,
  pages: null,
  category: 'Safety',
  url: `https://example.org/studies/${id}`,
  summary: null,
  attachmentUrl: null,
  attachmentFileId: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
})

/** A promise the test settles when it chooses: a request still on its way until then. */
export function pending<T>() {
  let settle: (value: T) => void = () => {}
  const promise = new Promise<T>((resolve) => {
    settle = resolve
  })
  return { promise, settle }
}
