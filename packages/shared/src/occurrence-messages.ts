/**
 * The label of every occurrence's move action, in a module of its own: the Scheduling page's
 * first chunk shows it on the scheduled cards without the move's schemas and texts (they come
 * with the week view and the move dialog, loaded on first use).
 */
export const MOVE_TO_LABEL = 'Move to...';
