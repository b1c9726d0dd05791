import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  formatToothText,
  humanizeOrderFormKey,
  orderFormImplantColumns,
  orderFormOptionTitles,
  orderFormTexts,
  splitOrderForm,
  type OrderForm,
  type OrderFormImplant,
  type ToothConvention,
} from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { OrderFormTable, OrderFormValue, formatScalar } from './order-form-value';

type OrderFormCardProps = {
  form: OrderForm;
  title: string;
  /** Order-form teeth are FDI; shown in the reader's numbering (FDI without one), Palmer with its quadrant. */
  convention?: ToothConvention;
};

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Stack spacing={0.5}>
    <Typography variant="subtitle2" color="primary">
      {title}
    </Typography>
    {children}
  </Stack>
);

const implantCell = (
  implant: OrderFormImplant,
  column: (typeof orderFormImplantColumns)[number],
  convention: ToothConvention | undefined,
) => {
  const value = implant[column];
  return column === 'tooth' && typeof value === 'number'
    ? formatToothText(value, convention)
    : formatScalar(value);
};

/** One order form as received: basic information, the implants and the option tables. */
export const OrderFormCard = ({ form, title, convention }: OrderFormCardProps) => {
  const { basic, implants, options } = splitOrderForm(form.json_data);
  return (
    <Card variant="outlined" data-testid="order-form">
      <CardHeader
        title={title}
        subheader={<DateTimeText iso={form.created_at} />}
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent>
        <Stack spacing={3}>
          <Section title={orderFormTexts.basicInformation}>
            <OrderFormTable entries={basic} />
          </Section>
          <Section title={orderFormTexts.implants}>
            {/* Five columns do not fit a phone: the table scrolls, the page does not. */}
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {orderFormImplantColumns.map((column) => (
                      <TableCell key={column}>{humanizeOrderFormKey(column)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {implants.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={orderFormImplantColumns.length}>—</TableCell>
                    </TableRow>
                  )}
                  {implants.map((implant, index) => (
                    <TableRow key={index}>
                      {orderFormImplantColumns.map((column) => (
                        <TableCell key={column}>{implantCell(implant, column, convention)}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Section>
          {options.map(({ key, value }) => (
            <Section key={key} title={orderFormOptionTitles[key]}>
              <OrderFormValue value={value} />
            </Section>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
