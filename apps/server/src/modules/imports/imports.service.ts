import {
  IMPORT_MESSAGES,
  instantOfWallClock,
  type ImportedPost,
  type ImportResult,
  type ImportRow,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Storage } from '../../integrations/storage.js';
import { entityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import type { Logger } from '../../logger.js';
import { getEntitlements } from '../plans/index.js';
import type { PostsService, StoredMedia } from '../posts/index.js';
import type { QueueService } from '../queue/index.js';
import { checkRow, readImportFile, type CheckedRow, type OwnEntity } from './import-rows.js';

/**
 * The posts and queue services over one transaction (each occurrence they schedule carries its
 * publish run, so the runs commit with the rows).
 */
export interface ServicesInTransaction {
  posts: Pick<PostsService, 'create'>;
  queue: Pick<QueueService, 'addPost'>;
}

/** What the import asks of the customer's settings before its transaction opens. */
export interface SavedSettings {
  timeZone: string | null | undefined;
  autoDst: boolean;
}

export interface ImportsDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** The customer's entities (the companies module's). */
  entitiesOf: (userId: string) => Promise<OwnEntity[]>;
  /** The zone an entity's dates are in: its queue's (the queue module's). */
  zoneOfEntity: (userId: string, companyId: string) => Promise<string>;
  /** The customer's saved zone and daylight-saving option (the settings module's). */
  savedSettings: (userId: string) => Promise<SavedSettings>;
  /**
   * The posts, schedules and queue services built over `tx`, with the settings read before;
   * every rule of theirs applies to each row.
   */
  servicesIn: (tx: Db, settings: SavedSettings) => ServicesInTransaction;
  /** A media file fetched from a URL through the guarded path (the public API's from-URL). */
  mediaFromUrl: (userId: string, url: string) => Promise<StoredMedia>;
}

/** Fetches media files this many at a time. */
const MEDIA_CONCURRENCY = 3;

/** Thrown inside the transaction to roll it back (a dry run, or a row refused). */
class RollBack extends Error {}

/**
 * What stands for a media file on a dry run: the URL is fetched only by the import itself,
 * so the row is checked as a post with media (Instagram's rule) without storing anything.
 * The attachment row it makes is rolled back with the rest.
 */
function mediaToCome(line: number, url: string): StoredMedia {
  return {
    key: `posts/import-dry-run-${line}`,
    url,
    name: 'media',
    mimeType: 'image/jpeg',
    sizeBytes: 0,
  };
}

export function createImportsService(deps: ImportsDeps) {
  const { db } = deps;

  async function assertOnPlan(userId: string) {
    if (!(await getEntitlements(db, userId)).hasBulkScheduling)
      throw AppError.forbidden(IMPORT_MESSAGES.notOnPlan, 'PLAN_LIMIT');
  }

  function toResultRow(row: CheckedRow, post: ImportedPost | null): ImportRow {
    return { line: row.line, ok: row.errors.length === 0, errors: row.errors, post };
  }

  /**
   * Runs every row through the posts, schedules and queue services in one transaction, each
   * row in its own savepoint so a refused row leaves the others standing. Commits only when
   * asked and every row passed; answers the rows.
   */
  async function runRows(
    userId: string,
    rows: CheckedRow[],
    options: { commit: boolean; media: Map<number, StoredMedia>; actorId?: string },
  ): Promise<{ rows: ImportRow[]; committed: boolean }> {
    const settings = await deps.savedSettings(userId);
    const zones = new Map<string, string>();
    for (const row of rows) {
      if (row.errors.length > 0 || !row.entity || zones.has(row.entity.id)) continue;
      zones.set(row.entity.id, await deps.zoneOfEntity(userId, row.entity.id));
    }
    const results: ImportRow[] = [];
    let committed = false;
    try {
      await db.transaction(async (tx) => {
        for (const row of rows) {
          if (row.errors.length > 0 || !row.entity || !row.fields) {
            results.push(toResultRow(row, null));
            continue;
          }
          const entity = row.entity;
          const fields = row.fields;
          const zone = row.timezone ?? zones.get(entity.id) ?? 'UTC';
          const at = row.wallClock ? new Date(instantOfWallClock(row.wallClock, zone)) : null;
          try {
            const post = await tx.transaction(async (savepoint) => {
              const services = deps.servicesIn(savepoint, settings);
              const media =
                options.media.get(row.line) ??
                (row.mediaUrl ? mediaToCome(row.line, row.mediaUrl) : null);
              // A dated row is scheduled by the post form's own path (its networks and
              // Instagram rules, then every check of the schedules service).
              const created = await services.posts.create(
                userId,
                {
                  ...fields,
                  ...(row.firstComment === null ? {} : { first_comment: row.firstComment }),
                  scheduled_for: at?.toISOString() ?? null,
                },
                media,
                // The import removes its fetched files itself, after the transaction; the
                // person importing writes the posts.
                { isMediaUploadedBefore: true, actorId: options.actorId },
              );
              let scheduledFor = at?.toISOString() ?? null;
              if (row.isQueued) {
                const placed = await services.queue.addPost(
                  userId,
                  created.id,
                  row.networks,
                  undefined,
                  options.actorId,
                );
                scheduledFor = placed.instances[0]?.scheduled_for ?? null;
              }
              return { id: created.id, content: created.content, url: created.url, scheduledFor };
            });
            results.push(
              toResultRow(row, {
                id: options.commit ? post.id : null,
                entity,
                content: post.content,
                url: post.url,
                networks: row.networks,
                scheduled_for: post.scheduledFor,
                timezone: zone,
                status: row.isQueued ? 'queued' : at ? 'scheduled' : 'draft',
                media_url: row.mediaUrl,
                first_comment: row.firstComment,
              }),
            );
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            row.errors.push(error.message);
            results.push(toResultRow(row, null));
          }
        }
        if (!options.commit || results.some((row) => !row.ok)) throw new RollBack();
      });
      committed = true;
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    return { rows: results, committed };
  }

  /** Fetches the rows' media files; a refused one becomes its row's error. */
  async function fetchMedia(userId: string, rows: CheckedRow[]) {
    const fetched = new Map<number, StoredMedia>();
    const waiting = rows.filter((row) => row.mediaUrl);
    let next = 0;
    const worker = async () => {
      while (next < waiting.length) {
        const row = waiting[next++]!;
        try {
          fetched.set(row.line, await deps.mediaFromUrl(userId, row.mediaUrl!));
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          row.errors.push(error.message);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: MEDIA_CONCURRENCY }, worker));
    } catch (error) {
      await removeFiles(fetched);
      throw error;
    }
    return fetched;
  }

  async function removeFiles(media: Map<number, StoredMedia>) {
    for (const file of media.values()) {
      try {
        await deps.storage.remove(file.key);
      } catch (error) {
        deps.logger.warn({ err: error, key: file.key }, 'could not remove an imported media file');
      }
    }
  }

  const invalid = (rows: ImportRow[]) => {
    const count = rows.filter((row) => !row.ok).length;
    return new ImportInvalidError(IMPORT_MESSAGES.invalid(count), { rows });
  };

  return {
    /** Refuses a customer whose plan lacks bulk scheduling (before the file is read). */
    assertOnPlan,

    /**
     * Checks every row of the CSV file (`dryRun`: and stops there, writing nothing), then
     * imports them all in one transaction, or none: 422 `IMPORT_INVALID` with every row.
     */
    /**
     * `access`: the entities that exist for the person importing; a row naming another is
     * refused as an unknown entity. `actorId`: that person, whom the posts and schedules
     * record (absent: the workspace's owner).
     */
    async importFile(
      userId: string,
      bytes: Uint8Array,
      dryRun: boolean,
      access?: EntityAccess,
      actorId?: string,
    ): Promise<ImportResult> {
      await assertOnPlan(userId);
      const fileRows = readImportFile(bytes);
      const entities = (await deps.entitiesOf(userId)).filter((entity) =>
        entityVisible(access, entity.id),
      );
      const rows = fileRows.map((row) => checkRow(row, entities));
      const hasFileErrors = rows.some((row) => row.errors.length > 0);
      if (dryRun || hasFileErrors) {
        const checked = await runRows(userId, rows, { commit: false, media: new Map() });
        if (dryRun) return { rows: checked.rows };
        throw invalid(checked.rows);
      }
      const media = await fetchMedia(userId, rows);
      if (rows.some((row) => row.errors.length > 0)) {
        await removeFiles(media);
        const checked = await runRows(userId, rows, { commit: false, media: new Map() });
        throw invalid(checked.rows);
      }
      const done = await runRows(userId, rows, { commit: true, media, actorId });
      if (!done.committed) {
        await removeFiles(media);
        throw invalid(done.rows);
      }
      return { rows: done.rows };
    },
  };
}

/** 422 `IMPORT_INVALID`, carrying every row as a dry run answers them. */
export class ImportInvalidError extends AppError {
  constructor(
    message: string,
    readonly result: ImportResult,
  ) {
    super(422, 'IMPORT_INVALID', message);
  }
}

export type ImportsService = ReturnType<typeof createImportsService>;
