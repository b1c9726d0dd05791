import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { humanizeOrderFormKey } from '@lab/domain';

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
  return <>{formatScalar(value)}</>;
};

export const formatScalar = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
};
