import { router } from '../init'

/** registry.admin.applications: the council's side (permission `registry`). */
export const adminApplicationsRouter = router({})
