import { useRouteContext } from '@tanstack/react-router'
import { DEFAULT_SITE, type PublicSite } from '../../shared/site'

/** The council's identity as configured on the server (loaded once by the root route). */
export function useSite(): PublicSite {
  const site = useRouteContext({ from: '__root__', select: (context) => context.site })
  return site ?? { ...DEFAULT_SITE, publicUrl: '' }
}
