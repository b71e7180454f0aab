import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_TEMPLATE_CSV,
  IMPORT_TEMPLATE_NAME,
  NETWORK_NAMES,
  ROUTES,
  type ImportResult,
  type ImportRow,
} from '@cadence/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Download, Lock, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PlanLockedNote } from '../../../components/ui/plan-locked-note';
import { StatePanel } from '../../../components/ui/state-panel';
import { meQueryOptions } from '../../../lib/queries/me';
import { getErrorMessage } from '../../../lib/api-error';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';
import { useImportPosts } from '../api/import-posts';

const COLUMN_NOTES: Record<(typeof IMPORT_COLUMNS)[number], string> = {
  entity: "The entity's name or id (required)",
  content: 'The post text (required)',
  url: 'A link to add to the post',
  networks: 'Network ids or names, separated by commas or spaces (linkedIn, twitter, ...)',
  date: 'YYYY-MM-DD; leave empty for a draft or the queue',
  time: 'HH:MM, 24-hour',
  timezone: "A time zone like Europe/London; empty: the entity's queue zone",
  media_url: 'An image or video address, fetched when the posts are imported',
  first_comment: 'Posted after the post on Facebook, Instagram or LinkedIn',
  queue: "yes: the entity's next open queue slot",
};

/** Offers the template file, made in the browser from the shared text. */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([IMPORT_TEMPLATE_CSV], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = IMPORT_TEMPLATE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function whenOf(row: ImportRow): string {
  const post = row.post;
  if (!post) return '';
  if (post.scheduled_for === null) return 'Draft';
  // Intl alone: the row's own zone, without the time-zone arithmetic the forms load.
  const at = new Intl.DateTimeFormat('en-US', {
    timeZone: post.timezone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(post.scheduled_for));
  return `${post.status === 'queued' ? 'Queue: ' : ''}${at} (${post.timezone})`;
}

function RowsTable({ rows }: { rows: readonly ImportRow[] }) {
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
    <div
      role="region"
      aria-label="Rows of the file"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">The file's rows and their errors</caption>
        <thead className="bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Line
            </th>
            <th scope="col" className="px-3 py-2">
              Result
            </th>
            <th scope="col" className="px-3 py-2">
              Entity
            </th>
            <th scope="col" className="px-3 py-2">
              Post
            </th>
            <th scope="col" className="px-3 py-2">
              Networks
            </th>
            <th scope="col" className="px-3 py-2">
              When
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.line} className={row.ok ? undefined : 'bg-red-50/60'}>
              <td className="px-3 py-2 align-top text-gray-700 tabular-nums">{row.line}</td>
              <td className="min-w-60 px-3 py-2 align-top">
                {row.ok ? (
                  <span className="inline-flex items-center gap-1 font-medium text-green-800">
                    <CircleCheck className="size-4" aria-hidden="true" /> Ready
                  </span>
                ) : (
                  <ul className="space-y-1 text-red-800">
                    {row.errors.map((error, index) => (
                      <li key={index} className="flex gap-1">
                        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        <span>{error}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="px-3 py-2 align-top text-gray-800">{row.post?.entity.name ?? ''}</td>
              <td className="max-w-xs px-3 py-2 align-top text-gray-800">
                <span className="line-clamp-2 break-words">{row.post?.content ?? ''}</span>
              </td>
              <td className="px-3 py-2 align-top text-gray-700">
                {row.post?.networks.map((network) => NETWORK_NAMES[network]).join(', ')}
              </td>
              <td className="px-3 py-2 align-top whitespace-nowrap text-gray-700">{whenOf(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Locked() {
  return (
    <StatePanel icon={Lock} tone="neutral" title="Bulk scheduling">
      <p>Schedule hundreds of posts at once from a spreadsheet.</p>
      <p className="mt-3">
        <PlanLockedNote plan="Business" className="text-sm" />
      </p>
    </StatePanel>
  );
}

/** Posts > Import: a CSV file checked row by row, then imported all at once. */
export function ImportPage() {
  // From the session check the app shell has loaded (as `useFeatures` reads it); read here,
  // so the other screens' shared code does not carry it.
  const { data: me } = useQuery({ ...meQueryOptions(), enabled: false });
  const isOnPlan = me?.features?.bulk_scheduling ?? true;
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const check = useImportPosts();
  const save = useImportPosts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const rows = result?.rows ?? [];
  const badRows = rows.filter((row) => !row.ok).length;
  const isReady = rows.length > 0 && badRows === 0;

  const choose = (chosen: File | null) => {
    setResult(null);
    setSummary(null);
    setFileError(null);
    setFile(chosen);
    if (!chosen) return;
    // The server judges the file; the size is said at once, before it is sent.
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFileError(IMPORT_MESSAGES.tooBig);
      return;
    }
    check.mutate(
      { file: chosen, dryRun: true },
      {
        onSuccess: ({ result: checked }) => {
          setResult(checked);
          const bad = checked.rows.filter((row) => !row.ok).length;
          setSummary(
            bad === 0
              ? IMPORT_MESSAGES.allReady(checked.rows.length)
              : IMPORT_MESSAGES.someInvalid(bad, checked.rows.length),
          );
        },
        onError: (error) => setFileError(getErrorMessage(error, 'The file could not be checked')),
      },
    );
  };

  const importAll = () => {
    if (!file) return;
    save.mutate(
      { file, dryRun: false },
      {
        onSuccess: ({ message, result: done }) => {
          if (done.rows.some((row) => !row.ok)) {
            // Something changed since the check (a slot taken, a network disconnected).
            setResult(done);
            setSummary(message);
            return;
          }
          toast.success(message);
          void queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY });
          void navigate(ROUTES.posts);
        },
        onError: (error) => setFileError(getErrorMessage(error, 'The posts could not be imported')),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Import posts"
        description="Schedule many posts at once from a CSV file: each row becomes a post, scheduled at its date, added to the queue, or kept as a draft."
        actions={
          <Link to={ROUTES.posts} className={buttonClasses('secondary')}>
            Back to Posts
          </Link>
        }
      />

      <div className="mt-6 space-y-6">
        {!isOnPlan ? (
          <Locked />
        ) : (
          <>
            <section
              aria-labelledby={`${inputId}-title`}
              className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <h2 id={`${inputId}-title`} className="text-base font-semibold text-gray-900">
                Your file
              </h2>
              <p id={hintId} className="mt-1 text-sm text-gray-600">
                A CSV file (UTF-8) of at most {IMPORT_MAX_BYTES / 1024 / 1024} MB and{' '}
                {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, with a header row naming its
                columns. Nothing is imported until every row is ready.
              </p>
              <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
                <label htmlFor={inputId} className="sr-only">
                  CSV file
                </label>
                <input
                  ref={inputRef}
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  aria-describedby={hintId}
                  onChange={(event) => choose(event.target.files?.[0] ?? null)}
                  className="sr-only"
                />
                <Button
                  icon={<Upload className="size-4" aria-hidden="true" />}
                  onClick={() => inputRef.current?.click()}
                  isLoading={check.isPending}
                  loadingText="Checking..."
                  aria-describedby={hintId}
                >
                  {file ? 'Choose another file' : 'Choose a CSV file'}
                </Button>
                <Button
                  variant="secondary"
                  icon={<Download className="size-4" aria-hidden="true" />}
                  onClick={downloadTemplate}
                >
                  Download the template
                </Button>
                {file && (
                  <span className="truncate text-sm text-gray-700" data-testid="import-file-name">
                    {file.name}
                  </span>
                )}
              </div>
              {fileError && (
                <p
                  role="alert"
                  className="mt-4 flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800"
                >
                  <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {fileError}
                </p>
              )}
            </section>

            {result && (
              <section aria-labelledby={`${inputId}-rows`} className="space-y-3">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <h2 id={`${inputId}-rows`} className="text-base font-semibold text-gray-900">
                      Rows
                    </h2>
                    <p
                      role="status"
                      className={badRows > 0 ? 'text-sm text-red-800' : 'text-sm text-gray-700'}
                    >
                      {summary}
                    </p>
                  </div>
                  <Button
                    onClick={importAll}
                    disabled={!isReady}
                    isLoading={save.isPending}
                    loadingText="Importing..."
                  >
                    Import {rows.length} {rows.length === 1 ? 'post' : 'posts'}
                  </Button>
                </div>
                <RowsTable rows={rows} />
              </section>
            )}

            <details className="rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm sm:p-6">
              <summary className="cursor-pointer font-semibold text-gray-900">The columns</summary>
              <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
                {IMPORT_COLUMNS.map((column) => (
                  <div key={column} className="contents">
                    <dt className="font-mono text-gray-900">{column}</dt>
                    <dd className="text-gray-700">{COLUMN_NOTES[column]}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </>
        )}
      </div>
    </>
  );
}
