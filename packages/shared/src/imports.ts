/**
 * Bulk scheduling from a file: a CSV of posts, one a row, checked as a whole (a dry run
 * answers every row's errors) and imported all or nothing. The limits, the columns, the
 * template and the messages both apps show.
 */
import { z } from 'zod/mini';
import { ApiErrorSchema } from './api.js';
import { NETWORK_IDS, NETWORK_NAMES, NETWORK_TEXT_NAMES, type NetworkId } from './networks.js';
import { FIRST_COMMENT_NETWORKS } from './post-variants.js';

/** The multipart field that carries the CSV file. */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;

/** The columns a file may have, matched to its header case-insensitively, in any order. */
export const IMPORT_COLUMNS = [
  'entity',
  'content',
  'url',
  'networks',
  'date',
  'time',
  'timezone',
  'media_url',
  'first_comment',
  'queue',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** Without these a row cannot be a post. */
export const IMPORT_REQUIRED_COLUMNS = ['entity', 'content'] as const;

/** The template offered for download: the header and two example rows (one dated, one queued). */
export const IMPORT_TEMPLATE_CSV =
  [
    IMPORT_COLUMNS.join(','),
    'Acme,"Our spring collection is here, with 20% off this week.",https://example.com/spring,linkedIn facebook,2030-03-02,09:30,Europe/London,,"Which colour is your favourite?",no',
    'Acme,Tip of the week: plan your posts a week ahead.,,linkedIn,,,,,,yes',
  ].join('\r\n') + '\r\n';
export const IMPORT_TEMPLATE_NAME = 'cadence-posts-template.csv';

const ALL_NETWORK_IDS = NETWORK_IDS.join(', ');
const fmt = (value: number) => value.toLocaleString('en-US');

export const IMPORT_MESSAGES = {
  checked: 'File checked',
  imported: (count: number) => `${fmt(count)} ${count === 1 ? 'post' : 'posts'} imported`,
  notOnPlan:
    'Bulk scheduling is available on Business. Upgrade your plan to import posts from a file.',
  fileMissing: `Choose a CSV file to import (send it in the field "${IMPORT_FILE_FIELD}")`,
  onlyOneFile: 'Import one CSV file at a time',
  notCsv:
    'That file is not a CSV file. Save the spreadsheet as CSV (comma-separated values, UTF-8) and import that.',
  tooBig: `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  tooManyRows: `The file has more than ${fmt(IMPORT_MAX_ROWS)} posts. Split it into files of at most ${fmt(IMPORT_MAX_ROWS)} rows.`,
  noHeader: `The file has no header row. Its first row must name the columns, like ${IMPORT_COLUMNS.slice(0, 6).join(',')}`,
  noRows: 'The file has a header row but no posts under it',
  unknownColumns: (names: string[]) =>
    `Unknown ${names.length === 1 ? 'column' : 'columns'} ${names.map((name) => `"${name}"`).join(', ')}. The columns are: ${IMPORT_COLUMNS.join(', ')}`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice in the header`,
  missingColumns: (names: string[]) =>
    `The header has no ${names.map((name) => `"${name}"`).join(' or ')} column: every post needs one`,
  unclosedQuote: (line: number) =>
    `Line ${line}: a quoted value is never closed. Check for a missing " in that row.`,
  textAfterQuote: (line: number) =>
    `Line ${line}: a quoted value must end at a comma or the end of the line.`,
  invalid: (count: number) =>
    `${fmt(count)} ${count === 1 ? 'row has' : 'rows have'} errors: nothing was imported. Fix ${count === 1 ? 'it' : 'them'} and import again.`,
  allReady: (count: number) =>
    count === 1 ? 'The row is ready to import.' : `All ${fmt(count)} rows are ready to import.`,
  someInvalid: (bad: number, total: number) =>
    `${fmt(bad)} of ${fmt(total)} rows ${bad === 1 ? 'has' : 'have'} errors. Fix them in the file and choose it again: nothing is imported until every row is ready.`,
  // One row's own errors (the post's other rules answer in their own modules' words).
  tooManyValues: (count: number, columns: number) =>
    `The row has ${count} values but the header names ${columns} columns`,
  entityMissing: 'Name the entity (its name or id)',
  unknownEntity: (name: string) => `No entity named "${name}"`,
  ambiguousEntity: (name: string) => `Several entities are named "${name}": use the entity's id`,
  unknownNetwork: (name: string) =>
    `Unknown network "${name}": use one of ${ALL_NETWORK_IDS} (or their names)`,
  badDate: (value: string) => `The date "${value}" is not a date like 2026-05-01 (YYYY-MM-DD)`,
  badTime: (value: string) => `The time "${value}" is not a 24-hour time like 09:30 (HH:MM)`,
  timeWithoutDate: 'A time needs a date (YYYY-MM-DD)',
  dateWithoutTime: 'A date needs a time (HH:MM, 24-hour)',
  badQueue: (value: string) => `queue must be yes or no, not "${value}"`,
  queueAndDate:
    'A row goes either to the queue or out at its date: leave the date empty, or set queue to no',
  firstCommentNetworks: `A first comment is posted on ${FIRST_COMMENT_NETWORKS.map((id) => NETWORK_TEXT_NAMES[id]).join(', ')} only: add one of them to networks`,
  firstCommentTooLong: (network: NetworkId, length: number, limit: number) =>
    `The first comment is too long for ${NETWORK_TEXT_NAMES[network]}: ${length}/${limit} characters`,
  mediaNotChecked: 'The media file is fetched when the posts are imported',
} as const;

/** `?dry_run=true`: check every row, write nothing. */
export const ImportQuerySchema = z.object({
  dry_run: z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: 'dry_run must be true or false' }),
      z.transform((value) => value === 'true'),
    ),
  ),
});

export const IMPORT_POST_STATUSES = ['draft', 'scheduled', 'queued'] as const;

/** A row as the post it makes (before the import: as it would be made). */
export const ImportedPostSchema = z.object({
  /** Null on a dry run: nothing was written. */
  id: z.nullable(z.string()),
  entity: z.object({ id: z.string(), name: z.string() }),
  content: z.string(),
  url: z.nullable(z.string()),
  networks: z.array(z.enum(NETWORK_IDS)),
  /** The time it goes out (UTC): its date and time, or the queue's open slot; null for a draft. */
  scheduled_for: z.nullable(z.string()),
  /** The zone its date and time were read in. */
  timezone: z.string(),
  status: z.enum(IMPORT_POST_STATUSES),
  media_url: z.nullable(z.string()),
  first_comment: z.nullable(z.string()),
});
export type ImportedPost = z.infer<typeof ImportedPostSchema>;

export const ImportRowSchema = z.object({
  /** The file's line the row starts on (the header is line 1). */
  line: z.number(),
  ok: z.boolean(),
  errors: z.array(z.string()),
  post: z.nullable(ImportedPostSchema),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportResultSchema = z.object({ rows: z.array(ImportRowSchema) });
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** 422 IMPORT_INVALID: the error body, with every row as a dry run answers it. */
export const ImportInvalidSchema = z.extend(ApiErrorSchema, { data: ImportResultSchema });

const NETWORK_BY_WORD: ReadonlyMap<string, NetworkId> = new Map(
  NETWORK_IDS.flatMap((id) => [
    [id.toLowerCase(), id] as const,
    [NETWORK_NAMES[id].toLowerCase(), id] as const,
    [NETWORK_TEXT_NAMES[id].toLowerCase(), id] as const,
  ]),
);

/**
 * The networks a cell names, by id or name, comma- or space-separated ('linkedIn, x',
 * 'facebook instagram'); the words that name none come back apart. 'X/Twitter' is one word.
 */
export function parseNetworkList(cell: string): { networks: NetworkId[]; unknown: string[] } {
  const networks: NetworkId[] = [];
  const unknown: string[] = [];
  for (const word of cell.split(/[\s,]+/).filter(Boolean)) {
    const id = NETWORK_BY_WORD.get(word.toLowerCase());
    if (!id) unknown.push(word);
    else if (!networks.includes(id)) networks.push(id);
  }
  return { networks, unknown };
}

/** 'yes'/'no' (also true/false, 1/0, y/n; blank is no); undefined for anything else. */
export function parseYesNo(cell: string): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(value)) return false;
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  return undefined;
}

/** A calendar date 'YYYY-MM-DD' that exists; undefined otherwise. */
export function parseIsoDate(
  cell: string,
): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day
  )
    return undefined;
  return { year, month, day };
}

/** A 24-hour time 'HH:MM' (also 'H:MM'); undefined otherwise. */
export function parseClockTime(cell: string): { hour: number; minute: number } | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(cell.trim());
  if (!match) return undefined;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return undefined;
  return { hour, minute };
}
