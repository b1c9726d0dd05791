import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  defaultBusinessTimeZone,
  humanizeOrderFormKey,
  orderFormDateOf,
  type OrderFormDate,
} from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { useDisplayZone } from '../../../components/display-zone';
import { formatCalendarDate, instantOfWallTime } from '../../../lib/date-format';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key/value table; nested objects become nested tables, as deep as the form goes. */
export const OrderFormTable = ({ entries }: { entries: { key: string; value: unknown }[] }) => (
  <Table size="small">
    <TableBody>
      {entries.map(({ key, value }) => (
        <TableRow key={key}>
          <TableCell component="th" scope="row" sx={{ width: '35%', fontWeight: 500, verticalAlign: 'top' }}>
            {humanizeOrderFormKey(key)}
          </TableCell>
          <TableCell>
            <OrderFormValue value={value} />
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

export const OrderFormValue = ({ value }: { value: unknown }) => {
  if (isRecord(value)) {
    return (
      <OrderFormTable entries={Object.entries(value).map(([key, nested]) => ({ key, value: nested }))} />
    );
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <>—</>;
    return (
      <OrderFormTable
        entries={value.map((item: unknown, index) => ({ key: String(index + 1), value: item }))}
      />
    );
  }
  const date = orderFormDateOf(value);
  return date ? <OrderFormDateText date={date} /> : <>{formatScalar(value)}</>;
};

/**
 * A date of the form as a person writes it, never the platform's raw '2026-12-13': a calendar day in the
 * page's locale; an instant (or a wall time of the lab, read in the branch's zone) as every time is shown.
 */
const OrderFormDateText = ({ date }: { date: OrderFormDate }) => {
  const zone = useDisplayZone();
  if (date.kind === 'day') {
    return <time dateTime={date.date}>{formatCalendarDate(date.date, zone?.locale)}</time>;
  }
  if (date.kind === 'instant') return <DateTimeText iso={date.iso} />;
  // A wall time without a zone is the lab's: the branch's zone on the portal, the lab's input zone here.
  const instant = instantOfWallTime(date.date, date.time, zone?.timeZone ?? defaultBusinessTimeZone);
  return instant ? <DateTimeText iso={instant.toISOString()} /> : <>{`${date.date} ${date.time}`}</>;
};

export const formatScalar = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
};
