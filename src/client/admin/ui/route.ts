import type { PublicSite } from '../../../shared/site'
import { pageHead } from '../../lib/seo'
import { readListSearch } from './list-search'

/**
 * What every admin route file declares besides its screen (kept small: route files are in the
 * router's own bundle, which every page loads): the heading the layout shows (also while
 * the sign-in is being checked), a noindex head, and the list search in the address. A route file is
 * `createFileRoute(path)({ ...adminRoute('Title'), component: Screen })`.
 */
export function adminRoute(title: string, description = 'The council’s admin.') {
  return {
    staticData: { adminTitle: title },
    head: ({ match }: { match: { context: { site?: PublicSite } } }) =>
      pageHead({ title, description, noindex: true }, match.context.site),
    validateSearch: readListSearch,
  }
}
