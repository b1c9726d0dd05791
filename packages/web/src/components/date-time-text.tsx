import { formatDateTime } from './date-time-format';

/** A server timestamp in the viewer's locale and time zone, with the exact instant on hover. */
export const DateTimeText = ({ iso }: { iso: string | null | undefined }) =>
  iso ? (
    <time dateTime={iso} title={iso}>
      {formatDateTime(iso)}
    </time>
  ) : (
    <>—</>
  );
