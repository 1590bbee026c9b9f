/*
 * The standards service as its adapters see it: the REST routes, the tRPC procedures, the PDF
 * downloads, the scheduler and the start-up each import from here, once, whichever module of the
 * folder a function lives in (docs/decisions/044-one-concern-per-service.md).
 */

export { type Announcement, draftAnnouncement } from './announce'
export {
  adminComments,
  answerComment,
  COMMENT_RECEIVED,
  commentedVersions,
  countWaitingComments,
  hideComment,
  publishedComments,
  submitComment,
} from './comments'
export { contactLine, printedDate, renderDocumentPdf, renderStandardPdf } from './pdf'
export {
  compareVersions,
  getStandard,
  getStandardVersion,
  legacyDownload,
  listStandards,
  reviewChanges,
  standardPage,
  standardVersionPage,
  versionForPdf,
} from './read'
export { seedStandards } from './seed'
export { sectionsFromMarkdown } from './text'
export {
  adminStandards,
  adminVersion,
  createDocument,
  createDraft,
  openReview,
  publishVersion,
  reviewsClosedBetween,
  updateVersion,
  withdrawVersion,
} from './versions'
