/*
 * The team service as its adapters see it (the REST routes, the tRPC procedures, sign-in and the
 * session plugin each import from here, once): membership, invitations and sessions, one module
 * each (docs/decisions/044-one-concern-per-service.md).
 */

export {
  acceptInvitation,
  acceptInvitationFor,
  INVITATION_PATH,
  invitationPost,
  readInvitation,
  revokeInvitation,
  sendInvitation,
} from './invitations'
export {
  changeMemberRole,
  configOwners,
  isStoredMember,
  listTeam,
  removeMember,
  resolveRole,
  type TeamMember,
} from './membership'
export {
  endMemberSessions,
  endOwnSession,
  listOwnSessions,
  recordSignIn,
  type SignedInSession,
  touchSession,
} from './sessions'
