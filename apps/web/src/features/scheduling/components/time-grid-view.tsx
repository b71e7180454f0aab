import type { Occurrence } from '@cadence/shared';
import { canMoveOccurrence, OCCURRENCE_MESSAGES } from '@cadence/shared';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useNow } from '../../../hooks/use-now';
import { formatInZone, todayKey } from '../../../lib/zoned-time';
import { useOccurrences } from '../api/get-occurrences';
import {
  addDays,
  columnLabel,
  hourLabel,
  instantAt,
  layoutLanes,
  placeOf,
  rangeOfDays,
  snapMinutes,
  timeOfMinutes,
  viewDays,
  viewTitle,
} from '../utils/time-grid';
import { useOccurrenceMover } from './move/use-occurrence-mover';

const HOUR_PX = 48;
/** How long an occurrence is drawn (posts have no length; half an hour is readable). */
const SPAN_MINUTES = 30;
/** The pointer must travel this far before a press becomes a drag (else it is a click). */
const DRAG_THRESHOLD_PX = 4;
const FIRST_SHOWN_HOUR = 7;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

interface TimeGridViewProps {
  view: 'week' | 'day';
  /** A day of the shown week, or the shown day. */
  anchor: string;
  onAnchorChange: (day: string) => void;
  timeZone: string;
  companyId: string;
  selectedDay: string | null;
  onSelectedDayChange: (day: string | null) => void;
}

interface Press {
  occurrence: Occurrence;
  pointerId: number;
  startX: number;
  startY: number;
  /** Minutes between the occurrence's time and where it was grabbed. */
  grabMinutes: number;
  isDragging: boolean;
}

interface DropTarget {
  id: string;
  day: string;
  minutes: number;
}

/**
 * The week and day views: hours down the side in the calendar's zone, each occurrence at its
 * time. A waiting, future occurrence is dragged to another day and time (snapped to 15
 * minutes) or, from the keyboard, moved with its 'Move to...' button.
 */
export function TimeGridView({
  view,
  anchor,
  onAnchorChange,
  timeZone,
  companyId,
  selectedDay,
  onSelectedDayChange,
}: TimeGridViewProps) {
  const days = viewDays(view, anchor);
  const range = rangeOfDays(days, timeZone);
  const occurrences = useOccurrences({ ...range, companyId });
  const now = useNow(60_000);
  const today = todayKey(now, timeZone);
  const mover = useOccurrenceMover(timeZone);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const columnsRef = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const justDragged = useRef(false);
  const [target, setTarget] = useState<DropTarget | null>(null);

  // Each shown week or day opens at 7 AM, or earlier when a post goes out before then.
  const scrolledFor = useRef('');
  const shownKey = `${days[0]}|${timeZone}`;
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || scrolledFor.current === shownKey || occurrences.isPlaceholderData) return;
    if (occurrences.data === undefined) return;
    scrolledFor.current = shownKey;
    const earliest = Math.min(
      FIRST_SHOWN_HOUR * 60,
      ...occurrences.data.occurrences.map((item) => placeOf(item.scheduled_for, timeZone).minutes),
    );
    // A little above the hour, so that its label shows whole.
    scroller.scrollTop = Math.max(0, Math.floor(earliest / 60) * HOUR_PX - 12);
  }, [shownKey, occurrences.data, occurrences.isPlaceholderData, timeZone]);

  const byDay = useMemo(() => {
    const grouped = new Map<string, Array<{ occurrence: Occurrence; minutes: number }>>();
    for (const occurrence of occurrences.data?.occurrences ?? []) {
      // A move under way shows where it goes.
      const at = mover.pending?.id === occurrence.id ? mover.pending.to : occurrence.scheduled_for;
      const place = placeOf(at, timeZone);
      const list = grouped.get(place.day) ?? [];
      list.push({ occurrence, minutes: place.minutes });
      grouped.set(place.day, list);
    }
    return new Map(
      [...grouped].map(([day, items]) => [day, layoutLanes(items, SPAN_MINUTES)] as const),
    );
  }, [occurrences.data, mover.pending, timeZone]);

  /** The day and snapped time under the pointer, for the occurrence being dragged. */
  function targetAt(clientX: number, clientY: number, grabMinutes: number) {
    const box = columnsRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return null;
    const column = Math.min(
      days.length - 1,
      Math.max(0, Math.floor(((clientX - box.left) / box.width) * days.length)),
    );
    const minutes = snapMinutes(((clientY - box.top) / HOUR_PX) * 60 - grabMinutes);
    const day = days[column];
    return day === undefined ? null : { day, minutes };
  }

  function onPointerDown(event: ReactPointerEvent<HTMLElement>, occurrence: Occurrence) {
    // Only movable occurrences are buttons that start a drag (the server has the last word).
    if (event.button !== 0) return;
    justDragged.current = false;
    const box = columnsRef.current?.getBoundingClientRect();
    if (!box) return;
    const pointerMinutes = ((event.clientY - box.top) / HOUR_PX) * 60;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = {
      occurrence,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      grabMinutes: pointerMinutes - placeOf(occurrence.scheduled_for, timeZone).minutes,
      isDragging: false,
    };
  }

  function onPointerMove(event: ReactPointerEvent<HTMLElement>) {
    const current = press.current;
    if (current === null || current.pointerId !== event.pointerId) return;
    if (
      !current.isDragging &&
      Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < DRAG_THRESHOLD_PX
    )
      return;
    current.isDragging = true;
    const place = targetAt(event.clientX, event.clientY, current.grabMinutes);
    if (place) setTarget({ id: current.occurrence.id, ...place });
  }

  function onPointerUp(event: ReactPointerEvent<HTMLElement>) {
    const current = press.current;
    press.current = null;
    if (current === null || current.pointerId !== event.pointerId || !current.isDragging) return;
    justDragged.current = true;
    setTarget(null);
    const place = targetAt(event.clientX, event.clientY, current.grabMinutes);
    const to = place && instantAt(place.day, place.minutes, timeZone);
    if (to) mover.drop(current.occurrence, to);
  }

  function onPointerCancel() {
    press.current = null;
    setTarget(null);
  }

  /** Escape puts a dragged occurrence back (and its button's click does nothing). */
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || press.current?.isDragging !== true) return;
    event.preventDefault();
    justDragged.current = true;
    onPointerCancel();
  }

  const nowPlace = placeOf(now, timeZone);
  const gridColumns = { gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` };

  return (
    <div aria-busy={occurrences.isFetching}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
          icon={<ChevronLeft className="size-4" aria-hidden="true" />}
          onClick={() => onAnchorChange(addDays(anchor, view === 'week' ? -7 : -1))}
        />
        <Button
          size="sm"
          variant="ghost"
          aria-label={view === 'week' ? 'Next week' : 'Next day'}
          icon={<ChevronRight className="size-4" aria-hidden="true" />}
          onClick={() => onAnchorChange(addDays(anchor, view === 'week' ? 7 : 1))}
        />
        <Button size="sm" variant="secondary" onClick={() => onAnchorChange(today)}>
          Today
        </Button>
        <h3 aria-live="polite" className="ml-1 text-base font-semibold text-gray-900">
          {viewTitle(days)}
        </h3>
      </div>
      <div className="overflow-x-auto">
        <div className={cn(view === 'week' && 'min-w-[40rem]')}>
          <div className="grid border-b border-gray-200 pb-2" style={gridColumns}>
            <span aria-hidden="true" />
            {days.map((day) => {
              const label = columnLabel(day);
              const count = byDay.get(day)?.length ?? 0;
              const isSelected = day === selectedDay;
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => onSelectedDayChange(isSelected ? null : day)}
                  className={cn(
                    'mx-0.5 flex flex-col items-center rounded-lg py-1 text-xs transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                    isSelected ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100',
                  )}
                >
                  <span className="font-medium uppercase">{label.weekday}</span>
                  <span
                    className={cn(
                      'text-base font-semibold',
                      day === today && !isSelected && 'text-brand-700',
                    )}
                  >
                    {label.date}
                  </span>
                  <span className={isSelected ? 'text-white' : 'text-gray-600'}>
                    {count === 0 ? '–' : `${count} ${count === 1 ? 'post' : 'posts'}`}
                    {day === today && <span className="sr-only">, today</span>}
                  </span>
                </button>
              );
            })}
          </div>
          <div ref={scrollerRef} className="relative max-h-[36rem] overflow-y-auto">
            <div className="grid" style={gridColumns}>
              <div aria-hidden="true">
                {HOURS.map((hour) => (
                  <div
                    key={hour}
                    style={{ height: HOUR_PX }}
                    className="-translate-y-2 pr-2 text-right text-[11px] text-gray-600 tabular-nums"
                  >
                    {hour === 0 ? '' : hourLabel(hour)}
                  </div>
                ))}
              </div>
              <div
                ref={columnsRef}
                className="relative grid"
                style={{
                  gridColumn: '2 / -1',
                  gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))`,
                  height: 24 * HOUR_PX,
                }}
              >
                {days.map((day) => (
                  <ul
                    key={day}
                    aria-label={`Posts on ${columnLabel(day).weekday} ${day}`}
                    className="relative border-l border-gray-100"
                    style={{
                      backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, rgb(243 244 246) ${HOUR_PX - 1}px, rgb(243 244 246) ${HOUR_PX}px)`,
                    }}
                  >
                    {day === today && (
                      <li
                        aria-hidden="true"
                        className="pointer-events-none absolute inset-x-0 z-10 h-0.5 bg-red-500"
                        style={{ top: (nowPlace.minutes / 60) * HOUR_PX }}
                      />
                    )}
                    {(byDay.get(day) ?? []).map(({ occurrence, minutes, lane, lanes }) => {
                      const movable = canMoveOccurrence(occurrence, now);
                      const time = formatInZone(
                        mover.pending?.id === occurrence.id
                          ? mover.pending.to
                          : occurrence.scheduled_for,
                        timeZone,
                        'h:mm a',
                      );
                      const style = {
                        top: (minutes / 60) * HOUR_PX,
                        height: (SPAN_MINUTES / 60) * HOUR_PX - 2,
                        left: `calc(${(lane / lanes) * 100}% + 2px)`,
                        width: `calc(${100 / lanes}% - 4px)`,
                      };
                      const body = (
                        <>
                          <span className="font-semibold tabular-nums">{time}</span>{' '}
                          <span className="truncate">{occurrence.content}</span>
                        </>
                      );
                      return (
                        <li key={occurrence.id} className="absolute" style={style}>
                          {movable ? (
                            <button
                              type="button"
                              data-occurrence={occurrence.id}
                              onPointerDown={(event) => onPointerDown(event, occurrence)}
                              onPointerMove={onPointerMove}
                              onPointerUp={onPointerUp}
                              onPointerCancel={onPointerCancel}
                              onKeyDown={onKeyDown}
                              onClick={() => {
                                if (justDragged.current) justDragged.current = false;
                                else mover.openMoveTo(occurrence);
                              }}
                              className={cn(
                                'flex size-full cursor-grab touch-none items-start gap-1 overflow-hidden rounded-md border border-brand-300 bg-brand-50 px-1.5 py-0.5 text-left text-[11px] leading-4 text-brand-950 shadow-xs select-none hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing',
                                target?.id === occurrence.id && 'opacity-40',
                              )}
                            >
                              {body}
                              <span className="sr-only">, {OCCURRENCE_MESSAGES.moveTo}</span>
                            </button>
                          ) : (
                            <div
                              title={OCCURRENCE_MESSAGES.notMovable}
                              className="flex size-full items-start gap-1 overflow-hidden rounded-md border border-gray-200 bg-gray-50 px-1.5 py-0.5 text-[11px] leading-4 text-gray-700"
                            >
                              {body}
                              <span className="sr-only">, {occurrence.status}</span>
                            </div>
                          )}
                        </li>
                      );
                    })}
                    {target !== null && target.day === day && (
                      <li
                        aria-hidden="true"
                        className="pointer-events-none absolute inset-x-0.5 z-20 rounded-md border-2 border-dashed border-brand-600 bg-brand-100/70 px-1.5 text-[11px] font-semibold text-brand-900"
                        style={{
                          top: (target.minutes / 60) * HOUR_PX,
                          height: (SPAN_MINUTES / 60) * HOUR_PX - 2,
                        }}
                      >
                        {formatInZone(
                          `${target.day}T${timeOfMinutes(target.minutes)}:00Z`,
                          'UTC',
                          'h:mm a',
                        )}
                      </li>
                    )}
                  </ul>
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
      {occurrences.data?.truncated === true && (
        <p className="mt-2 text-xs text-gray-600">
          Showing the first {occurrences.data.occurrences.length} posts of these days.
        </p>
      )}
      {mover.dialogs}
    </div>
  );
}
