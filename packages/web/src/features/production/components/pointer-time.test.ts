import { describe, expect, it } from 'vitest';
import { roundToCalendarSnap } from '@lab/domain';
import { snappedTimeAtPointer, timeInDayColumn } from './pointer-time';
import { mondayOf, readWeek } from './week';

// Hover-to-move reads the time from the pointer's height in a day column (local time), to 5 minutes.

describe('timeInDayColumn', () => {
  it('maps the height in the column to the local time of that day', () => {
    expect(timeInDayColumn('2031-03-04', 0)).toEqual(new Date(2031, 2, 4, 0, 0));
    expect(timeInDayColumn('2031-03-04', 0.5)).toEqual(new Date(2031, 2, 4, 12, 0));
    expect(timeInDayColumn('2031-03-04', (9 * 60 + 7) / 1440)).toEqual(new Date(2031, 2, 4, 9, 7));
    expect(timeInDayColumn('2031-03-04', 2)).toEqual(new Date(2031, 2, 5, 0, 0));
    expect(timeInDayColumn('2031-03-04', 0.5, { startMinutes: 360, endMinutes: 1200 })).toEqual(
      new Date(2031, 2, 4, 13, 0),
    );
  });

  it('rounds to the nearest 5 minutes', () => {
    expect(roundToCalendarSnap(new Date(2031, 2, 4, 9, 7, 29))).toEqual(new Date(2031, 2, 4, 9, 5));
    expect(roundToCalendarSnap(new Date(2031, 2, 4, 9, 7, 30))).toEqual(new Date(2031, 2, 4, 9, 10));
  });
});

describe('snappedTimeAtPointer', () => {
  it('answers the snapped time over a day column of the calendar, nothing elsewhere', () => {
    const root = document.createElement('div');
    const column = document.createElement('div');
    column.setAttribute('role', 'cell');
    column.dataset['date'] = '2031-03-04';
    const event = document.createElement('span');
    column.append(event);
    root.append(column);
    column.getBoundingClientRect = () => ({
      top: 100,
      height: 1440,
      bottom: 1540,
      left: 0,
      right: 100,
      width: 100,
      x: 0,
      y: 100,
      toJSON: () => ({}),
    });
    expect(snappedTimeAtPointer({ target: event, clientY: 100 + 9 * 60 + 8 }, root)).toEqual(
      new Date(2031, 2, 4, 9, 10),
    );
    expect(snappedTimeAtPointer({ target: root, clientY: 300 }, root)).toBeNull();
    const outside = document.createElement('div');
    expect(snappedTimeAtPointer({ target: outside, clientY: 300 }, root)).toBeNull();
  });
});

describe('readWeek', () => {
  it('reads ?week= as the Monday of that week, else this week', () => {
    expect(readWeek('2031-03-06')).toEqual(new Date(2031, 2, 3));
    expect(readWeek('2031-03-09')).toEqual(new Date(2031, 2, 3));
    expect(readWeek('nope', new Date(2031, 2, 12, 15))).toEqual(new Date(2031, 2, 10));
    expect(mondayOf(new Date(2031, 2, 3, 23, 59))).toEqual(new Date(2031, 2, 3));
  });
});
