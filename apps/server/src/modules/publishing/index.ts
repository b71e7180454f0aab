/**
 * Publishing's door: the container builds the instance publisher, the call lanes and the
 * publication actions; the app registers the actions' routes; the worker runs the publish
 * loop (due instances taken from their table), the reconciler and the read-back of
 * unconfirmed publications, and follows the publisher's state, which the admin stops, starts
 * and restarts.
 */
export { createInstancePublisher, type PublishInstance } from './publish-instance.js';
export { createCommentSender } from './follow-ups.js';
export { createCallLanes, type CallLanes } from './call-lanes.js';
export { createPublicationActions, type PublicationActions } from './publication-actions.js';
export { registerPublicationActionRoutes } from './publication-actions.routes.js';
export { createReconciler } from './reconciler.js';
export { createPublishLoop, type PublishLoop } from './publish-loop.js';
export { createReadBack, type ReadBack } from './read-back.js';
export {
  changePublisherState,
  readPublisherState,
  toStoredPublisherState,
  type PublisherState,
} from './publisher-control.js';
/** Schedules asks publishing to create an occurrence's pending publications. */
export { insertPendingPublications } from './publishing.repository.js';
/** The claim and the sending mark of several publications in one statement (decision 142). */
export { claimPublications, markSendingMany } from './publishing.repository.js';
/** The public API reads a post's publications, and the post a publication belongs to. */
export {
  findPublicationPost,
  listPublicationsOfPosts,
  type PublicationOfPost,
} from './publication-reads.repository.js';
