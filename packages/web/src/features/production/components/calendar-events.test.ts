import { describe, expect, it } from 'vitest';
import type { CalendarProject, MachineCalendar } from '@lab/domain';
import { caseColour, caseColourPalette, eventsByMachine, projectStatusColours } from './calendar-events';

// The machine calendar's events (collection-views §4 'Project status on calendar', §9 case palette).

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const aProject = (overrides: Partial<CalendarProject> = {}): CalendarProject => ({
  id: 1,
  name: 'MEL-1',
  machine_id: 10,
  branch_id: 1,
  start_time: '2031-03-03T22:00:00.000Z',
  end_time: '2031-03-04T01:00:00.000Z',
  status: 'Pending',
  color: null,
  cases: [],
  created_by: null,
  ...overrides,
});

const aCalendar = (overrides: Partial<MachineCalendar> = {}): MachineCalendar => ({
  branch: { id: 1, name: 'Melbourne', time_zone: 'Australia/Melbourne' },
  start: '2031-03-02T13:00:00.000Z',
  end: '2031-03-09T13:00:00.000Z',
  machines: [
    { id: 10, name: 'Mill A', kind: 'mill' },
    { id: 11, name: 'Mill B', kind: 'mill' },
  ],
  projects: [],
  unscheduled_projects: [],
  plans: [],
  scan_gauge_batches: [],
  ...overrides,
});

describe('eventsByMachine', () => {
  it('colours projects by status: Programming warning, Make Ready success, Complete grey', () => {
    const calendar = aCalendar({
      projects: [
        aProject({ id: 1, status: 'Pending' }),
        aProject({ id: 2, status: 'Ready', machine_id: 11 }),
        aProject({
          id: 3,
          status: 'Complete',
          start_time: '2031-03-05T22:00:00.000Z',
          end_time: '2031-03-05T23:00:00.000Z',
        }),
      ],
    });
    const events = eventsByMachine(calendar);
    const millA = events.get(10) ?? [];
    const millB = events.get(11) ?? [];
    expect(millA.map((e) => [e.title, e.extendedProps.label, e.color])).toEqual([
      ['MEL-1', 'Programming', '#ed6c02'],
      ['MEL-1', 'Complete', '#9e9e9e'],
    ]);
    expect(millB.map((e) => [e.extendedProps.label, e.color])).toEqual([['Make Ready', '#2e7d32']]);
    expect(projectStatusColours.Pending.color).toBe('#ed6c02');
    // Only Programming and Make Ready projects can be dragged or picked up.
    expect(millA.map((e) => [e.editable, e.extendedProps.isMovable])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(millA[0]?.className).toContain('machine-event--movable');
  });

  it('marks the cases with the 5-colour palette, repeating from the sixth', () => {
    expect(caseColourPalette).toHaveLength(5);
    const cases = Array.from({ length: 7 }, (_, i) => ({
      uid: uid(i),
      case_id: i,
      case_mkey: `100000-0${i + 1}`,
      collection_uid: uid(100),
      job_type: 'Screw-Retained Bridge',
    }));
    const [event] = eventsByMachine(aCalendar({ projects: [aProject({ cases })] })).get(10) ?? [];
    const colours = event?.extendedProps.cases.map((c) => c.colour);
    expect(colours).toEqual([...caseColourPalette, caseColourPalette[0], caseColourPalette[1]]);
    expect(caseColour(5)).toBe(caseColour(0));
  });

  it('places plans and scan-gauge batches on their machines, never movable', () => {
    const calendar = aCalendar({
      plans: [
        {
          id: 7,
          name: 'Spindle service',
          machine_id: 11,
          start_time: '2031-03-04T04:00:00.000Z',
          end_time: '2031-03-04T06:00:00.000Z',
          color: '#9e9e9e',
        },
      ],
      scan_gauge_batches: [
        {
          batch_key: 'SG-1',
          created_by: null,
          started_at: '2031-03-03T20:00:00.000Z',
          duration: 2.5,
          machine: 'Mill A',
          machine_id: 10,
          implant_reference_code: 'NB-CC-RP',
          implant_name: 'Nobel Biocare CC RP',
        },
      ],
    });
    const events = eventsByMachine(calendar);
    expect(events.get(11)?.[0]).toMatchObject({
      title: 'Spindle service',
      editable: false,
      color: '#9e9e9e',
    });
    expect(events.get(10)?.[0]).toMatchObject({
      title: 'Nobel Biocare CC RP (NB-CC-RP)',
      end: '2031-03-03T22:30:00.000Z',
      editable: false,
      extendedProps: { label: 'Scan gauges', isMovable: false },
    });
  });

  it('draws a held project at its preview start on the hovered machine, keeping its length', () => {
    const calendar = aCalendar({ projects: [aProject()] });
    const moving = { projectId: 1, machineId: 11, start: new Date('2031-03-04T00:05:00.000Z') };
    const events = eventsByMachine(calendar, moving);
    expect(events.get(10)).toEqual([]);
    expect(events.get(11)?.[0]).toMatchObject({
      start: '2031-03-04T00:05:00.000Z',
      end: '2031-03-04T03:05:00.000Z',
      editable: false,
    });
    expect(events.get(11)?.[0]?.className).toContain('machine-event--moving');
    // Picked up from the project list without a slot: nowhere until the pointer is over a day.
    const unplaced = aCalendar({
      unscheduled_projects: [aProject({ id: 2, start_time: null, end_time: null, machine_id: null })],
    });
    const waiting = eventsByMachine(unplaced, { projectId: 2, machineId: null, start: null });
    expect([...waiting.values()].flat()).toEqual([]);
    const placed = eventsByMachine(unplaced, {
      projectId: 2,
      machineId: 10,
      start: new Date('2031-03-04T00:00:00.000Z'),
    });
    expect(placed.get(10)?.[0]).toMatchObject({ end: '2031-03-04T01:00:00.000Z' });
  });
});
