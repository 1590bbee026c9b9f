import { router } from '../init'

/** registry.admin.concerns: the council's side (permission `registry`). */
export const adminConcernsRouter = router({})
