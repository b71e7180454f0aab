import {
  AddToQueueSchema,
  API_TRAFFIC_MESSAGES,
  describeRejection,
  findRejections,
  isFirstCommentNetwork,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_COLUMNS,
  measurePostedText,
  normalizeWebsite,
  parseClockTime,
  parseIsoDate,
  parseNetworkList,
  parseYesNo,
  PostCreateBodySchema,
  SETTINGS_MESSAGES,
  TimeZoneSchema,
  type ImportColumn,
  type NetworkId,
  type PostFields,
  type WallClock,
} from '@cadence/shared';
import { AppError } from '../../errors.js';
import { CsvError, decodeCsvText, parseCsv } from '../../lib/csv.js';

/** One data row of the file, by column (a column the file lacks reads as blank). */
export interface FileRow {
  line: number;
  cells: Record<ImportColumn, string>;
  /** How many columns the header names. */
  columns: number;
  /** More values than the header names. */
  extraValues: number;
}

const fileError = (message: string) => AppError.badRequest(message, 'VALIDATION_FAILED');

/**
 * The file's rows under its header. Refuses (400, saying what to fix) a file that is not
 * UTF-8 text, has no header naming our columns, names a column we do not know or twice,
 * lacks a required column, has no rows or more than the limit, or breaks the CSV quoting.
 */
export function readImportFile(bytes: Uint8Array): FileRow[] {
  const text = decodeCsvText(bytes);
  if (text === undefined) throw fileError(IMPORT_MESSAGES.notCsv);
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(text, { maxRecords: IMPORT_MAX_ROWS + 1 });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw fileError(
      error.kind === 'unclosed-quote'
        ? IMPORT_MESSAGES.unclosedQuote(error.line)
        : IMPORT_MESSAGES.textAfterQuote(error.line),
    );
  }
  if (parsed.isCut) throw AppError.badRequest(IMPORT_MESSAGES.tooManyRows, 'VALIDATION_FAILED');
  const [header, ...records] = parsed.records;
  if (!header) throw fileError(IMPORT_MESSAGES.noHeader);
  const names = header.values.map((value) => value.trim().toLowerCase());
  const known = new Set<string>(IMPORT_COLUMNS);
  if (!names.some((name) => known.has(name))) throw fileError(IMPORT_MESSAGES.noHeader);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw fileError(
      IMPORT_MESSAGES.unknownColumns(header.values.filter((_, i) => !known.has(names[i] ?? ''))),
    );
  }
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw fileError(IMPORT_MESSAGES.duplicateColumn(twice));
  const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) throw fileError(IMPORT_MESSAGES.missingColumns(missing));
  if (records.length === 0) throw fileError(IMPORT_MESSAGES.noRows);
  return records.map((record) => {
    const cells = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, ''])) as Record<
      ImportColumn,
      string
    >;
    names.forEach((name, index) => {
      cells[name as ImportColumn] = record.values[index] ?? '';
    });
    return {
      line: record.line,
      cells,
      columns: names.length,
      extraValues: Math.max(0, record.values.length - names.length),
    };
  });
}

export interface OwnEntity {
  id: string;
  name: string;
}

/** A row read into a post, or its errors; what only a service can judge comes later. */
export interface CheckedRow {
  line: number;
  errors: string[];
  entity: OwnEntity | null;
  fields: PostFields | null;
  networks: NetworkId[];
  /** The date and time as the zone's wall clock; null for a draft or a queued row. */
  wallClock: WallClock | null;
  /** The zone the row names; null to use its entity's. */
  timezone: string | null;
  isQueued: boolean;
  mediaUrl: string | null;
  firstComment: string | null;
}

function entityOf(
  cell: string,
  entities: OwnEntity[],
): { entity: OwnEntity | null; error: string | null } {
  const wanted = cell.trim();
  if (!wanted) return { entity: null, error: IMPORT_MESSAGES.entityMissing };
  const byId = entities.find((entity) => entity.id.toLowerCase() === wanted.toLowerCase());
  if (byId) return { entity: byId, error: null };
  const named = entities.filter(
    (entity) => entity.name.trim().toLowerCase() === wanted.toLowerCase(),
  );
  if (named.length === 1) return { entity: named[0]!, error: null };
  return {
    entity: null,
    error:
      named.length > 1
        ? IMPORT_MESSAGES.ambiguousEntity(wanted)
        : IMPORT_MESSAGES.unknownEntity(wanted),
  };
}

/**
 * What the file itself says wrong about a row: the entity, the networks, the date, time and
 * zone, the queue flag, the media URL, the post's own fields (the post form's schema and
 * messages), the text against each network's limit and the first comment (the shared
 * length rules).
 */
export function checkRow(row: FileRow, entities: OwnEntity[]): CheckedRow {
  const { cells } = row;
  const errors: string[] = [];
  if (row.extraValues > 0) {
    errors.push(IMPORT_MESSAGES.tooManyValues(row.columns + row.extraValues, row.columns));
  }
  const { entity, error: entityError } = entityOf(cells.entity, entities);
  if (entityError) errors.push(entityError);

  const { networks, unknown } = parseNetworkList(cells.networks);
  for (const word of unknown) errors.push(IMPORT_MESSAGES.unknownNetwork(word));

  const dateCell = cells.date.trim();
  const timeCell = cells.time.trim();
  const date = dateCell ? parseIsoDate(dateCell) : undefined;
  const time = timeCell ? parseClockTime(timeCell) : undefined;
  if (dateCell && !date) errors.push(IMPORT_MESSAGES.badDate(dateCell));
  if (timeCell && !time) errors.push(IMPORT_MESSAGES.badTime(timeCell));
  if (timeCell && !dateCell) errors.push(IMPORT_MESSAGES.timeWithoutDate);
  if (dateCell && !timeCell) errors.push(IMPORT_MESSAGES.dateWithoutTime);

  let timezone: string | null = null;
  if (cells.timezone.trim()) {
    const zone = TimeZoneSchema.safeParse(cells.timezone);
    if (zone.success) timezone = zone.data;
    else errors.push(zone.error.issues[0]?.message ?? SETTINGS_MESSAGES.unknownZone);
  }

  const isQueued = parseYesNo(cells.queue);
  if (isQueued === undefined) errors.push(IMPORT_MESSAGES.badQueue(cells.queue.trim()));
  if (isQueued && dateCell) errors.push(IMPORT_MESSAGES.queueAndDate);
  // The queue's own rule for the networks a post is queued for.
  if (isQueued && unknown.length === 0) {
    const queued = AddToQueueSchema.safeParse({ networks });
    if (!queued.success) errors.push(queued.error.issues[0]?.message ?? '');
  }

  const mediaCell = cells.media_url.trim();
  const mediaUrl = mediaCell ? (normalizeWebsite(mediaCell) ?? null) : null;
  if (mediaCell && !mediaUrl) errors.push(API_TRAFFIC_MESSAGES.mediaUrlInvalid);

  // The post form's own fields and messages: content required and within its size, the URL.
  const body = PostCreateBodySchema.safeParse({
    company_id: entity?.id ?? cells.entity.trim(),
    content: cells.content,
    url: cells.url,
    platforms: networks,
  });
  const fields = body.success ? body.data : null;
  if (!body.success) for (const issue of body.error.issues) errors.push(issue.message);

  // Each network's own limit, the link counted where that network puts it.
  if (fields) {
    const rejections = findRejections(fields.content ?? '', networks, {
      link: fields.url ?? null,
      hasMedia: mediaUrl !== null,
    });
    for (const rejection of rejections) errors.push(describeRejection(rejection));
  }

  const firstComment = cells.first_comment.trim() || null;
  if (firstComment) {
    const commented = networks.filter(isFirstCommentNetwork);
    if (commented.length === 0) errors.push(IMPORT_MESSAGES.firstCommentNetworks);
    for (const network of commented) {
      const measured = measurePostedText(network, firstComment);
      if (measured.isOver)
        errors.push(IMPORT_MESSAGES.firstCommentTooLong(network, measured.length, measured.limit));
    }
  }

  return {
    line: row.line,
    errors,
    entity,
    fields,
    networks,
    wallClock:
      date && time
        ? { ...date, hour: time.hour, minute: time.minute, second: 0, millisecond: 0 }
        : null,
    timezone,
    isQueued: isQueued === true,
    mediaUrl,
    firstComment,
  };
}
