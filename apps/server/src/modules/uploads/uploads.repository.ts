import { and, eq, inArray, lt, sql, sum } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { uploadedFiles, type UploadKind } from '../../db/schema/uploads.js';

/** Any number, fixed, plus the user: serialises "check the allowance, then record". */
const UPLOAD_LOCK = 724_311;

export async function lockUploads(db: DbExecutor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, hashtext(${userId}))`);
}

export async function insertUpload(
  db: DbExecutor,
  values: { userId: string; kind: UploadKind; storageKey: string; sizeBytes: number; now: Date },
) {
  const [row] = await db
    .insert(uploadedFiles)
    .values({
      userId: values.userId,
      kind: values.kind,
      storageKey: values.storageKey,
      sizeBytes: values.sizeBytes,
      createdAt: values.now,
    })
    .returning({ id: uploadedFiles.id });
  if (!row) throw new Error('The upload was not recorded');
  return row.id;
}

export async function usedBytes(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(uploadedFiles.sizeBytes) })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.userId, userId));
  return Number(row?.total ?? 0);
}

export async function findUpload(db: DbExecutor, storageKey: string) {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(eq(uploadedFiles.storageKey, storageKey))
    .limit(1);
  return row;
}

export async function forgetUploads(db: DbExecutor, storageKeys: string[]) {
  if (storageKeys.length === 0) return;
  await db.delete(uploadedFiles).where(inArray(uploadedFiles.storageKey, storageKeys));
}

export async function listUploadKeysOfUser(db: DbExecutor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: uploadedFiles.storageKey })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.userId, userId));
  return rows.map((row) => row.key);
}

/**
 * Whether anything uses a file: an entity's logo, a workspace brand's logo, a post's
 * attachment, a network's own media in a post of the same customer
 * (`variants.<network>.media_ids`, by upload id) or an account's avatar. The one definition
 * the sweep and logo replacement share.
 */
const isReferenced = (key: unknown) => sql`(
  exists (select 1 from companies c where c.logo_url = '/uploads/' || ${key})
  or exists (select 1 from workspace_branding b where b.logo_url = '/uploads/' || ${key})
  or exists (select 1 from post_attachments a where a.storage_key = ${key})
  or exists (select 1 from users u where u.avatar_key = ${key})
  or exists (select 1 from uploaded_files f join posts p on p.user_id = f.user_id
    where f.storage_key = ${key} and f.kind = 'media'
      and jsonb_path_exists(p.variants, '$.*.media_ids[*] ? (@ == $id)',
        jsonb_build_object('id', f.id::text)))
)`;

export async function isUploadReferenced(db: DbExecutor, storageKey: string): Promise<boolean> {
  const result = await db.execute(sql`select ${isReferenced(storageKey)} as referenced`);
  return Boolean((result as { rows: Array<{ referenced: boolean }> }).rows[0]?.referenced);
}

/** Uploads older than `before` that nothing references, oldest first. */
export async function findOrphanUploads(db: DbExecutor, before: Date, limit: number) {
  return db
    .select({ id: uploadedFiles.id, storageKey: uploadedFiles.storageKey })
    .from(uploadedFiles)
    .where(
      and(lt(uploadedFiles.createdAt, before), sql`not ${isReferenced(uploadedFiles.storageKey)}`),
    )
    .orderBy(uploadedFiles.createdAt)
    .limit(limit);
}

/** The customer's upload of `kind` with this id, or undefined (also for another's). */
export async function findUploadById(db: DbExecutor, userId: string, id: string, kind: UploadKind) {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(
      and(eq(uploadedFiles.id, id), eq(uploadedFiles.userId, userId), eq(uploadedFiles.kind, kind)),
    )
    .limit(1);
  return row;
}

/** The ids of the customer's uploads stored under these keys. */
export async function listUploadsByKeys(db: DbExecutor, userId: string, storageKeys: string[]) {
  if (storageKeys.length === 0) return [];
  return db
    .select({ id: uploadedFiles.id, storageKey: uploadedFiles.storageKey })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.userId, userId), inArray(uploadedFiles.storageKey, storageKeys)));
}
