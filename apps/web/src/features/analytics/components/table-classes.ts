/** The Analytics screen's tables: one look for all of them. */
const HEADER =
  'px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase';
export const HEADER_CELL = `${HEADER} text-left`;
export const NUMBER_HEADER_CELL = `${HEADER} text-right`;
export const CELL = 'px-3 py-2 text-left text-gray-900';
export const NUMBER_CELL = 'px-3 py-2 text-right text-gray-900 tabular-nums';
