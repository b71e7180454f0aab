/** The Analytics screen's tables: one look for all of them. */
const HEADER =
  'px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase';
export const HEADER_CELL = `${HEADER} text-left`;
export const NUMBER_HEADER_CELL = `${HEADER} text-right`;
export const CELL = 'px-3 py-2 text-left text-gray-900';
export const NUMBER_CELL = 'px-3 py-2 text-right text-gray-900 tabular-nums';

/**
 * A table's box that scrolls sideways on a narrow screen: focusable, so a keyboard can scroll
 * it (a table of numbers holds nothing else to focus).
 */
export const SCROLL_BOX =
  'overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
