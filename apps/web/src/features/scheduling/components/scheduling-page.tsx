import type { Post, ScheduledInstance } from '@cadence/shared';
import { POST_MESSAGES, SCHEDULE_MESSAGES, SCHEDULE_QUERY_PARAM } from '@cadence/shared';
import { LoaderCircle } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { lazyComponent, useOpenedOnce, whenIdle } from '../../../lib/lazy-component';
import { useEntityQueue } from '../../../lib/queries/queue';
import type { CalendarView } from '../utils/time-grid';
import type { MovableOccurrence } from './move/use-occurrence-mover';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import type { ScreenHeader } from '../../../components/layout/page-header';
import { EntityFilter } from '../../../components/ui/entity-filter';
import { useCompanies } from '../../../lib/queries/companies';
import { usePostById } from '../../../lib/queries/post';
import { useQueuePosts } from '../api/get-queue-posts';
import { useSchedules } from '../api/get-schedules';
import { useNow } from '../../../hooks/use-now';
import { useKeepPageInRange, usePaging } from '../hooks/use-paging';
import { usePostsFollowPublishing } from '../hooks/use-posts-follow-publishing';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { dayRange, monthOf, todayKey } from '../../../lib/zoned-time';
import type { DeleteRequest } from './delete-schedules-dialog';
import { DeleteSchedulesDialog } from './delete-schedules-dialog';
import type { CalendarMonth } from '../../../lib/zoned-time';
import { PostCalendar, TimeGridView } from './post-calendar';
import { PostList } from './post-list';
import { ScheduledList } from './scheduled-list';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

/** The heading, also the screen's first frame (app/first-frames.tsx). */
export const SCHEDULING_HEADER: ScreenHeader = {
  title: 'Scheduling',
  description:
    'See what goes out when, schedule posts to your connected networks and keep an eye on how they went.',
};

// The dialogs and the week and day views load on first use or once the page is idle, not
// before the month view's first render.
const SchedulePostDialog = lazyComponent(() =>
  import('./schedule-post-dialog').then((m) => m.SchedulePostDialog),
);
const AddToQueueDialog = lazyComponent(() =>
  import('../../../components/queue/add-to-queue-dialog').then((m) => m.AddToQueueDialog),
);
const StandaloneMoveTo = lazyComponent(() =>
  import('./move/standalone-move-to').then((m) => m.StandaloneMoveTo),
);

export function SchedulingPage() {
  const companies = useCompanies();
  const { timeZone: savedZone, isLoading: isZoneLoading } = useTimeZone();
  const [companyId, setCompanyId] = useState('');
  const [view, setView] = useState<CalendarView>('month');
  // Null until the person moves the week or day view: today in the page's zone.
  const [anchor, setAnchor] = useState<string | null>(null);
  // A move started here: 'Move to...' on a card, or a drop on a day of the month view.
  const [moveRequest, setMoveRequest] = useState<{
    occurrence: MovableOccurrence;
    dropTo?: string;
  } | null>(null);
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  // Null until the person moves the calendar: this month in the page's zone.
  const [month, setMonth] = useState<CalendarMonth | null>(null);
  const now = useNow(60_000);
  const [schedulingPost, setSchedulingPost] = useState<Post | null>(null);
  const [queueingPost, setQueueingPost] = useState<Post | null>(null);
  const [deleteRequest, setDeleteRequest] = useState<DeleteRequest | null>(null);
  const [isSelecting, setIsSelecting] = useState(false);
  const [selection, setSelection] = useState({ key: '', ids: new Set<string>() });

  // `?schedule=<postId>` (the Posts page's Schedule link) opens that post's Schedule dialog
  // once it loads; the parameter goes, so closing the dialog does not open it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(SCHEDULE_QUERY_PARAM);
  const linked = usePostById(linkedId);
  if (linkedId !== null && linked.data && schedulingPost?.id !== linked.data.id)
    setSchedulingPost(linked.data);
  useEffect(() => {
    if (linkedId !== null && (linked.data || linked.isError))
      setSearchParams(
        (params) => {
          params.delete(SCHEDULE_QUERY_PARAM);
          return params;
        },
        { replace: true },
      );
  }, [linkedId, linked.data, linked.isError, setSearchParams]);
  useQueryErrorToast(linked, POST_MESSAGES.notFound, { id: 'linked-post-missing' });

  const hasScheduling = useOpenedOnce(schedulingPost !== null);
  const hasQueueing = useOpenedOnce(queueingPost !== null);
  useEffect(
    () =>
      whenIdle(() => {
        void SchedulePostDialog.preload();
        void AddToQueueDialog.preload();
        void StandaloneMoveTo.preload();
        void TimeGridView.preload();
      }),
    [],
  );

  const companyRows = companies.data?.rows ?? [];
  // An entity deleted meanwhile no longer filters anything.
  const activeCompanyId = companyRows.some((row) => row.id === companyId) ? companyId : '';
  // The page's times are in the selected entity's zone when it has a posting queue (its slots
  // are wall-clock times there), else in the saved zone (the browser's until one is saved; an
  // entity without a queue answers the saved zone or UTC, which would differ from that).
  const entityQueue = useEntityQueue(activeCompanyId === '' ? null : activeCompanyId);
  const entityZone =
    activeCompanyId !== '' && (entityQueue.data?.slots.length ?? 0) > 0
      ? entityQueue.data?.timezone
      : undefined;
  const timeZone = entityZone ?? savedZone;

  const postsPaging = usePaging(activeCompanyId);
  const posts = useQueuePosts({
    page: postsPaging.page,
    pageSize: postsPaging.pageSize,
    companyId: activeCompanyId,
  });
  useKeepPageInRange(postsPaging, posts.data?.count);

  const schedulesPaging = usePaging(`${activeCompanyId}|${selectedDay ?? ''}`);
  const schedules = useSchedules({
    page: schedulesPaging.page,
    pageSize: schedulesPaging.pageSize,
    companyId: activeCompanyId,
    range: selectedDay === null ? null : dayRange(selectedDay, timeZone),
  });
  useKeepPageInRange(schedulesPaging, schedules.data?.count);
  usePostsFollowPublishing(schedules.data);

  // A selection belongs to the page of the list it was made on.
  const selectionKey = `${activeCompanyId}|${selectedDay ?? ''}|${schedulesPaging.page}|${schedulesPaging.pageSize}`;
  const selectedIds = selection.key === selectionKey ? selection.ids : new Set<string>();

  const isLoading = companies.isPending || isZoneLoading || posts.isPending || schedules.isPending;
  // The calendar and both lists appear in a background render React can pause: the answer
  // that completes the page is urgent (the query's update renders at once), and rendering
  // all three in that one task blocked the page for 20-80 ms (a phone's CPU: 4x that).
  // Loading again hides them at once: they need the data.
  const isShowingContent = useDeferredValue(!isLoading) && !isLoading;

  return (
    <>
      <PageHeader
        {...SCHEDULING_HEADER}
        actions={
          // Shown (disabled) while the entities load: appearing later, it pushed the page
          // below it down on a phone, where it takes a line of its own.
          companyRows.length > 0 || companies.isPending ? (
            <EntityFilter
              id="scheduling-entity-filter"
              className="w-full sm:w-64"
              companies={companyRows}
              value={activeCompanyId}
              onChange={setCompanyId}
              disabled={companies.isPending}
            />
          ) : undefined
        }
      />

      {!isShowingContent ? (
        <div
          key="loading"
          role="status"
          className="mt-8 flex items-center justify-center gap-2 rounded-2xl border border-gray-200 bg-white px-5 py-16 text-sm text-gray-600"
        >
          <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" />
          {SCHEDULE_MESSAGES.loading}
        </div>
      ) : (
        // Its own element, not the loading box's restyled: that counted as the box moving.
        <div key="content" className="mt-6 space-y-6">
          <PostCalendar
            timeZone={timeZone}
            zoneSource={entityZone === undefined ? 'saved' : 'entity'}
            view={view}
            onViewChange={(next) => {
              // The week or day view opens on the selected day, else today.
              if (next !== 'month' && anchor === null && selectedDay !== null)
                setAnchor(selectedDay);
              setView(next);
            }}
            anchor={anchor ?? todayKey(now, timeZone)}
            onAnchorChange={setAnchor}
            onDrop={(occurrence, dropTo) => setMoveRequest({ occurrence, dropTo })}
            companyId={activeCompanyId}
            month={month ?? monthOf(now, timeZone)}
            onMonthChange={setMonth}
            selectedDay={selectedDay}
            onSelectedDayChange={setSelectedDay}
          />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <PostList
              data={posts.data}
              error={posts.error}
              isRefreshing={posts.isFetching && posts.isPlaceholderData}
              onRetry={() => void posts.refetch()}
              page={postsPaging.page}
              pageSize={postsPaging.pageSize}
              onPageChange={postsPaging.setPage}
              onPageSizeChange={postsPaging.setPageSize}
              timeZone={timeZone}
              onSchedule={setSchedulingPost}
              onAddToQueue={setQueueingPost}
            />
            <ScheduledList
              data={schedules.data}
              error={schedules.error}
              isRefreshing={schedules.isFetching && schedules.isPlaceholderData}
              onRetry={() => void schedules.refetch()}
              page={schedulesPaging.page}
              pageSize={schedulesPaging.pageSize}
              onPageChange={schedulesPaging.setPage}
              onPageSizeChange={schedulesPaging.setPageSize}
              timeZone={timeZone}
              selectedDay={selectedDay}
              isSelecting={isSelecting}
              onSelectingChange={setIsSelecting}
              selectedIds={selectedIds}
              onSelectedIdsChange={(ids) => setSelection({ key: selectionKey, ids })}
              onDelete={(ids, isBulk) => setDeleteRequest({ ids, isBulk })}
              onMoveTo={(instance: ScheduledInstance) =>
                setMoveRequest({ occurrence: { ...instance, content: instance.post.content } })
              }
            />
          </div>
        </div>
      )}

      {hasScheduling && (
        <Suspense fallback={null}>
          <SchedulePostDialog
            post={schedulingPost}
            companies={companyRows}
            timeZone={savedZone}
            onClose={() => setSchedulingPost(null)}
          />
        </Suspense>
      )}
      {hasQueueing && (
        <Suspense fallback={null}>
          <AddToQueueDialog
            post={queueingPost}
            companies={companyRows}
            onClose={() => setQueueingPost(null)}
          />
        </Suspense>
      )}
      {moveRequest !== null && (
        <Suspense fallback={null}>
          <StandaloneMoveTo
            key={`${moveRequest.occurrence.id}:${moveRequest.dropTo ?? ''}`}
            occurrence={moveRequest.occurrence}
            dropTo={moveRequest.dropTo}
            timeZone={timeZone}
            onClose={() => setMoveRequest(null)}
          />
        </Suspense>
      )}
      <DeleteSchedulesDialog
        request={deleteRequest}
        onClose={() => setDeleteRequest(null)}
        onDeleted={({ ids, isBulk }) => {
          setSelection((old) => ({
            key: old.key,
            ids: new Set([...old.ids].filter((id) => !ids.includes(id))),
          }));
          if (isBulk) setIsSelecting(false);
        }}
      />
    </>
  );
}
