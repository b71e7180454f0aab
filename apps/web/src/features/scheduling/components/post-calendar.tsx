import { CalendarDays, X } from 'lucide-react';
import type { FocusEvent, MouseEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { Occurrence } from '@cadence/shared';
import { canMoveOccurrence } from '@cadence/shared';
import { useOccurrences } from '../api/get-occurrences';
import { placeOf, sameTimeOnDay } from '../utils/time-grid';
import { Suspense, useMemo, useRef, useState } from 'react';
import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { lazyComponent } from '../../../lib/lazy-component';
import type { CalendarView } from '../utils/time-grid';
import Calendar from 'react-calendar';
import type { TileArgs } from 'react-calendar';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCalendar } from '../api/get-calendar';
import { useNow } from '../../../hooks/use-now';
import { describePostCount, indexCalendarDays } from '../utils/calendar-days';
import type { CalendarMonth } from '../../../lib/zoned-time';
import {
  dateKeyOfLocalDate,
  formatDateKey,
  formatInZone,
  localDateOfKey,
  monthGridRange,
  todayKey,
} from '../../../lib/zoned-time';
import { CalendarDayPopup, POPUP_WIDTH } from './calendar-day-popup';
import { LiveClock } from './live-clock';
import './post-calendar.css';

interface PostCalendarProps {
  timeZone: string;
  /** Whose zone the times are in: the selected entity's queue zone, or the saved one. */
  zoneSource: 'entity' | 'saved';
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  /** The day the week and day views show (and around which). */
  anchor: string;
  onAnchorChange: (day: string) => void;
  /** A movable occurrence dropped on a day of the month view, at its own time of day there. */
  onDrop: (occurrence: Occurrence, to: string) => void;
  companyId: string;
  month: CalendarMonth;
  onMonthChange: (month: CalendarMonth) => void;
  selectedDay: string | null;
  onSelectedDayChange: (day: string | null) => void;
}

interface PopupState {
  key: string;
  left: number;
  top: number;
}

// cn() only joins: each branch below sets a property once, so no two classes fight.
const TILE_BASE =
  'relative flex flex-col items-center gap-1 rounded-lg border-2 px-1 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600';

function dayTone(count: number, isSelected: boolean, isNeighbour: boolean): string {
  if (isSelected) return 'bg-brand-600 font-semibold text-white hover:bg-brand-700';
  if (count > 1) return 'bg-brand-100 font-semibold text-brand-950 hover:bg-brand-200';
  if (count === 1) return 'bg-brand-50 text-brand-900 hover:bg-brand-100';
  return cn('hover:bg-gray-100', isNeighbour ? 'text-gray-400' : 'text-gray-800');
}

export const TimeGridView = lazyComponent(() =>
  import('./time-grid-view').then((m) => m.TimeGridView),
);

/** Drag handles a month tile shows at most (the popup and the count tell the rest). */
const MONTH_HANDLES_PER_DAY = 2;

const VIEWS: ReadonlyArray<readonly [CalendarView, string]> = [
  ['month', 'Month'],
  ['week', 'Week'],
  ['day', 'Day'],
];

export function PostCalendar({
  timeZone,
  zoneSource,
  view,
  onViewChange,
  anchor,
  onAnchorChange,
  onDrop,
  companyId,
  month,
  onMonthChange,
  selectedDay,
  onSelectedDayChange,
}: PostCalendarProps) {
  const range = monthGridRange(month.year, month.monthIndex, timeZone);
  const calendar = useCalendar({ ...range, companyId, timeZone });
  const days = useMemo(() => indexCalendarDays(calendar.data?.days ?? []), [calendar.data]);
  const now = useNow(60_000);
  const today = todayKey(now, timeZone);
  // The month's movable occurrences, a few a day, as handles to drag to another day.
  const occurrences = useOccurrences({ ...range, companyId }, view === 'month');
  const handles = useMemo(() => {
    const byDay = new Map<string, Occurrence[]>();
    for (const occurrence of occurrences.data?.occurrences ?? []) {
      if (!canMoveOccurrence(occurrence, now)) continue;
      const { day } = placeOf(occurrence.scheduled_for, timeZone);
      const list = byDay.get(day) ?? [];
      if (list.length < MONTH_HANDLES_PER_DAY) list.push(occurrence);
      byDay.set(day, list);
    }
    return byDay;
  }, [occurrences.data, now, timeZone]);
  const drag = useRef<{
    occurrence: Occurrence;
    pointerId: number;
    x: number;
    y: number;
    isDragging: boolean;
  } | null>(null);
  const justDragged = useRef(false);
  const [dropDay, setDropDay] = useState<string | null>(null);

  /** The day of the tile under the pointer, if any. */
  function dayAt(x: number, y: number): string | null {
    const tile = document.elementFromPoint(x, y)?.closest('.react-calendar__tile');
    return tile?.querySelector('[data-day]')?.getAttribute('data-day') ?? null;
  }

  const handleEvents = (occurrence: Occurrence) => ({
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      justDragged.current = false;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        occurrence,
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        isDragging: false,
      };
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const current = drag.current;
      if (current === null || current.pointerId !== event.pointerId) return;
      if (
        !current.isDragging &&
        Math.hypot(event.clientX - current.x, event.clientY - current.y) < 4
      )
        return;
      current.isDragging = true;
      setPopup(null);
      setDropDay(dayAt(event.clientX, event.clientY));
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      const current = drag.current;
      drag.current = null;
      setDropDay(null);
      if (current === null || !current.isDragging) return;
      justDragged.current = true;
      const day = dayAt(event.clientX, event.clientY);
      const to = day === null ? null : sameTimeOnDay(occurrence.scheduled_for, day, timeZone);
      if (to !== null) onDrop(occurrence, to);
    },
    onPointerCancel() {
      drag.current = null;
      setDropDay(null);
    },
  });
  const containerRef = useRef<HTMLDivElement>(null);
  const [popup, setPopup] = useState<PopupState | null>(null);

  function showPopupFor(target: EventTarget) {
    const container = containerRef.current;
    const tile = target instanceof Element ? target.closest('.react-calendar__tile') : null;
    const key = tile?.querySelector('[data-day]')?.getAttribute('data-day') ?? null;
    if (container === null || tile === null || key === null || !days.has(key)) {
      setPopup(null);
      return;
    }
    const box = container.getBoundingClientRect();
    const rect = tile.getBoundingClientRect();
    const width = Math.min(POPUP_WIDTH, box.width);
    const centre = rect.left - box.left + rect.width / 2;
    const left = Math.min(Math.max(0, centre - width / 2), box.width - width);
    setPopup({ key, left, top: rect.bottom - box.top + 6 });
  }

  function tileClassName({ date, view, activeStartDate }: TileArgs) {
    if (view !== 'month') {
      return cn(
        TILE_BASE,
        'h-14 justify-center border-transparent font-medium text-gray-700 hover:bg-gray-100',
      );
    }
    const key = dateKeyOfLocalDate(date);
    return cn(
      TILE_BASE,
      'min-h-14 justify-start pt-1.5 sm:min-h-16',
      key === dropDay
        ? 'border-brand-700 border-dashed'
        : key === today
          ? 'border-brand-400'
          : 'border-transparent',
      dayTone(
        days.get(key)?.count ?? 0,
        key === selectedDay,
        date.getMonth() !== activeStartDate.getMonth(),
      ),
    );
  }

  function tileContent({ date, view }: TileArgs) {
    if (view !== 'month') return null;
    const key = dateKeyOfLocalDate(date);
    const count = days.get(key)?.count ?? 0;
    const isSelected = key === selectedDay;
    return (
      <span data-day={key} className="flex flex-col items-center">
        {count > 0 && (
          <span
            className={cn(
              'min-w-5 rounded-full px-1.5 text-[11px] leading-5 font-semibold tabular-nums',
              isSelected
                ? 'bg-white text-brand-700'
                : count > 1
                  ? 'bg-brand-600 text-white'
                  : 'bg-white text-brand-700 ring-1 ring-brand-200',
            )}
          >
            {count}
            <span className="sr-only">, {describePostCount(count)}</span>
          </span>
        )}
        {key === today && <span className="sr-only">, today</span>}
        {handles.get(key)?.map((occurrence) => (
          // A pointer handle only: the keyboard moves posts with 'Move to...' (list, week view).
          <span
            key={occurrence.id}
            aria-hidden="true"
            data-occurrence={occurrence.id}
            title={occurrence.content.slice(0, 80)}
            {...handleEvents(occurrence)}
            className="mt-0.5 block cursor-grab touch-none rounded bg-white px-1 text-[10px] leading-4 font-medium text-brand-800 tabular-nums ring-1 ring-brand-200 select-none active:cursor-grabbing"
          >
            {formatInZone(occurrence.scheduled_for, timeZone, 'h:mm')}
          </span>
        ))}
      </span>
    );
  }

  const popupDay = popup === null ? undefined : days.get(popup.key);

  return (
    <section
      aria-labelledby="post-calendar-heading"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2
            id="post-calendar-heading"
            className="flex items-center gap-2 text-base font-semibold text-gray-900"
          >
            <CalendarDays className="size-5 text-brand-600" aria-hidden="true" />
            Post Calendar
          </h2>
          <LiveClock timeZone={timeZone} />
          <p className="text-xs text-gray-600">
            Times in {timeZone}, {zoneSource === 'entity' ? "the entity's zone" : 'your saved zone'}
          </p>
        </div>
        <div role="group" aria-label="Calendar view" className="flex rounded-lg bg-gray-100 p-0.5">
          {VIEWS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => onViewChange(value)}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                view === value
                  ? 'bg-white text-gray-900 shadow-xs'
                  : 'text-gray-600 hover:text-gray-900',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        {selectedDay !== null && (
          <Button
            size="sm"
            variant="ghost"
            icon={<X className="size-4" aria-hidden="true" />}
            onClick={() => onSelectedDayChange(null)}
          >
            Show all days
          </Button>
        )}
      </div>
      {view !== 'month' ? (
        <Suspense
          fallback={
            <p className="py-16 text-center text-sm text-gray-600">{SCHEDULE_MESSAGES.loading}</p>
          }
        >
          <TimeGridView
            view={view}
            anchor={anchor}
            onAnchorChange={onAnchorChange}
            timeZone={timeZone}
            companyId={companyId}
            selectedDay={selectedDay}
            onSelectedDayChange={onSelectedDayChange}
          />
        </Suspense>
      ) : (
        <div
          ref={containerRef}
          className="relative"
          onClickCapture={(event) => {
            // The click that ends a drag is not a click on the day.
            if (!justDragged.current) return;
            justDragged.current = false;
            event.preventDefault();
            event.stopPropagation();
          }}
          onMouseOver={(event: MouseEvent) => showPopupFor(event.target)}
          onMouseLeave={() => setPopup(null)}
          onFocus={(event: FocusEvent) => showPopupFor(event.target)}
          onBlur={(event: FocusEvent) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setPopup(null);
          }}
        >
          <Calendar
            className="post-calendar w-full text-sm"
            calendarType="gregory"
            locale="en-US"
            minDetail="year"
            prev2Label={null}
            next2Label={null}
            prevAriaLabel="Previous month"
            nextAriaLabel="Next month"
            activeStartDate={new Date(month.year, month.monthIndex, 1)}
            onActiveStartDateChange={({ action, activeStartDate, view }) => {
              // Moving to another month (arrows or the month label) shows all days again;
              // picking a day of the next or previous month only follows it there.
              if (action !== 'onChange') onSelectedDayChange(null);
              if (view === 'month' && activeStartDate !== null) {
                onMonthChange({
                  year: activeStartDate.getFullYear(),
                  monthIndex: activeStartDate.getMonth(),
                });
              }
            }}
            onClickMonth={(date) => {
              onSelectedDayChange(null);
              onMonthChange({ year: date.getFullYear(), monthIndex: date.getMonth() });
            }}
            onDrillUp={() => onSelectedDayChange(null)}
            value={selectedDay === null ? null : localDateOfKey(selectedDay)}
            onClickDay={(date) => onSelectedDayChange(dateKeyOfLocalDate(date))}
            tileClassName={tileClassName}
            tileContent={tileContent}
          />
          {popup !== null && popupDay !== undefined && (
            <CalendarDayPopup
              day={popupDay}
              timeZone={timeZone}
              left={popup.left}
              top={popup.top}
            />
          )}
        </div>
      )}
      {selectedDay !== null && (
        <p className="sr-only" aria-live="polite">
          Showing posts for {formatDateKey(selectedDay)}
        </p>
      )}
    </section>
  );
}
