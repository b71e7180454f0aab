import {
  API_PATHS,
  IMPORT_FILE_FIELD,
  ImportResultSchema,
  type ImportResult,
} from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

export interface ImportAnswer {
  message: string;
  result: ImportResult;
}

/**
 * Sends the CSV file: `dryRun` checks every row and writes nothing; otherwise every row is
 * imported, or none (a 422 whose rows say why, answered here as rows like a dry run's).
 */
export async function importPosts(file: File, dryRun: boolean): Promise<ImportAnswer> {
  const body = new FormData();
  body.append(IMPORT_FILE_FIELD, file);
  try {
    const { message, data } = await apiRequest(
      `${API_PATHS.postImport}${dryRun ? '?dry_run=true' : ''}`,
      { method: 'POST', body, schema: ImportResultSchema },
    );
    return { message, result: data };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'IMPORT_INVALID') {
      const rows = ImportResultSchema.safeParse(error.data);
      if (rows.success) return { message: error.serverMessage ?? '', result: rows.data };
    }
    throw error;
  }
}

export function useImportPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => importPosts(file, dryRun),
    onSuccess: (_answer, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
    },
  });
}
