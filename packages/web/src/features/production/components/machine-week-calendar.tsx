import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import interactionPlugin from '@fullcalendar/react/interaction';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import Box from '@mui/material/Box';
import { useEffect, useRef, type ComponentProps } from 'react';
import { calendarSnapMinutes } from '@lab/domain';
import type { MachineEvent } from './calendar-events';
import { fullDay, snappedTimeAtPointer } from './pointer-time';

// One machine's week on FullCalendar v7 (the lazy chunk: the library loads only on the Production page).
// Spec §9: week view, 20 px slots, 5-minute snapping, 400 px high, a current-time line.

type CalendarProps = ComponentProps<typeof FullCalendar>;
type EventContent = NonNullable<CalendarProps['eventContent']>;

export type MachineWeekCalendarProps = {
  machineId: number;
  machineName: string;
  events: MachineEvent[];
  /** The Monday of the week shown. */
  weekStart: Date;
  /** A project is held by the pointer: hovering places it, a click commits it. */
  isMoveMode: boolean;
  /** False for an employee who may not program machines: nothing is picked up or dragged. */
  mayMove: boolean;
  /** A click on a movable project picks it up. */
  onPick: (projectId: number) => void;
  /** Hovering while a project is held: the machine and the start under the pointer, rounded to 5 minutes. */
  onHover: (machineId: number, start: Date) => void;
  onCommit: () => void;
  /** A project dragged and dropped (snapped to 5 minutes); false puts it back. */
  onDrop: (projectId: number, start: Date) => Promise<boolean>;
};

const pad = (n: number) => String(n).padStart(2, '0');
const snapDuration = `00:${pad(calendarSnapMinutes)}:00`;

/** This week opens an hour before now, so the current-time line is in sight; other weeks at 07:00. */
const scrollTimeFor = (weekStart: Date): string => {
  const now = new Date();
  const isThisWeek =
    now.getTime() >= weekStart.getTime() && now.getTime() < weekStart.getTime() + 7 * 86_400_000;
  const hour = isThisWeek ? Math.max(0, Math.min(now.getHours() - 1, 14)) : 7;
  return `${pad(hour)}:00:00`;
};

const renderEvent: EventContent = (info) => {
  const props = info.event.extendedProps as MachineEvent['extendedProps'];
  return (
    <div className="machine-event__body" title={`${info.event.title} · ${props.label}`}>
      <div className="machine-event__time">{info.timeText}</div>
      <div className="machine-event__title">{info.event.title}</div>
      <div className="machine-event__label">{props.label}</div>
      {props.cases.length > 0 && (
        <div className="machine-event__cases">
          {props.cases.map((item) => (
            <span
              key={item.case_mkey}
              className="machine-event__case"
              style={{ backgroundColor: item.colour }}
            >
              {item.case_mkey}
            </span>
          ))}
        </div>
      )}
    </div>
  );
};

export const MachineWeekCalendar = ({
  machineId,
  machineName,
  events,
  weekStart,
  isMoveMode,
  mayMove,
  onPick,
  onHover,
  onCommit,
  onDrop,
}: MachineWeekCalendarProps) => {
  const calendarRef = useRef<CalendarRef | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    calendarRef.current?.getApi().gotoDate(weekStart);
  }, [weekStart]);

  return (
    <Box
      ref={rootRef}
      data-machine={machineName}
      data-move-mode={isMoveMode ? 'true' : undefined}
      onMouseMove={(event) => {
        if (!isMoveMode || !rootRef.current) return;
        const start = snappedTimeAtPointer(event, rootRef.current);
        if (start) onHover(machineId, start);
      }}
      onClickCapture={(event) => {
        if (!isMoveMode || !rootRef.current) return;
        // While a project is held, a click anywhere over the days places it (FullCalendar sees nothing).
        if (snappedTimeAtPointer(event, rootRef.current)) {
          event.stopPropagation();
          event.preventDefault();
          onCommit();
        }
      }}
      sx={{
        cursor: isMoveMode ? 'crosshair' : undefined,
        '& .machine-event__body': { px: 0.5, py: 0.25, overflow: 'hidden', lineHeight: 1.25, fontSize: 12 },
        '& .machine-event__time': { fontSize: 11, opacity: 0.9 },
        '& .machine-event__title': { fontWeight: 600 },
        '& .machine-event__label': { fontSize: 11, opacity: 0.9 },
        '& .machine-event__cases': { display: 'flex', flexWrap: 'wrap', gap: '2px', mt: '2px' },
        '& .machine-event__case': {
          color: '#fff',
          borderRadius: '3px',
          px: '3px',
          fontSize: 10,
          lineHeight: '14px',
        },
        '& .machine-event--movable': { cursor: isMoveMode ? 'crosshair' : 'grab' },
        '& .machine-event--moving': { opacity: 0.85, outline: '2px dashed', outlineColor: 'primary.main' },
        // 20 px slots (§9): the hour labels must fit in them, or FullCalendar grows the rows to fit.
        '& [data-time], & [data-time] *': {
          fontSize: 11,
          lineHeight: '14px',
          paddingTop: 0,
          paddingBottom: 0,
        },
      }}
    >
      <FullCalendar
        ref={calendarRef}
        plugins={[timeGridPlugin, interactionPlugin, classicThemePlugin]}
        initialView="timeGridWeek"
        initialDate={weekStart}
        firstDay={1}
        headerToolbar={false}
        height={400}
        allDaySlot={false}
        slotDuration="00:30:00"
        slotMinHeight={20}
        snapDuration={snapDuration}
        slotMinTime={`${pad(fullDay.startMinutes / 60)}:00:00`}
        slotMaxTime={`${pad(fullDay.endMinutes / 60)}:00:00`}
        scrollTime={scrollTimeFor(weekStart)}
        nowIndicator
        editable={!isMoveMode && mayMove}
        eventDurationEditable={false}
        eventOverlap={false}
        events={events}
        eventContent={renderEvent}
        eventClick={(info) => {
          const props = info.event.extendedProps as MachineEvent['extendedProps'];
          if (isMoveMode || !mayMove || !props.isMovable || props.projectId === null) return;
          info.jsEvent.preventDefault();
          onPick(props.projectId);
        }}
        eventDrop={(info) => {
          const props = info.event.extendedProps as MachineEvent['extendedProps'];
          const start = info.event.start;
          if (props.projectId === null || !start) {
            info.revert();
            return;
          }
          void onDrop(props.projectId, start).then((isSaved) => {
            if (!isSaved) info.revert();
          });
        }}
      />
    </Box>
  );
};
