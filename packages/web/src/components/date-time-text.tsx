import { isOtherClock } from '../lib/date-format';
import { formatDateTime } from './date-time-format';
import { useDisplayZone, type DisplayZone } from './display-zone';

const optionsFor = (iso: string, zone: DisplayZone | null) => {
  if (!zone) return {};
  const date = new Date(iso);
  const showZone = !Number.isNaN(date.getTime()) && isOtherClock(date, zone.timeZone);
  return { locale: zone.locale, timeZone: zone.timeZone, showZone };
};

/**
 * A server timestamp with the exact instant on hover: in the viewer's locale and time zone, or in the
 * page's display zone (components/display-zone.tsx), named when its clock is not the viewer's.
 */
export const DateTimeText = ({ iso }: { iso: string | null | undefined }) => {
  const zone = useDisplayZone();
  return iso ? (
    <time dateTime={iso} title={iso}>
      {formatDateTime(iso, optionsFor(iso, zone))}
    </time>
  ) : (
    <>—</>
  );
};
