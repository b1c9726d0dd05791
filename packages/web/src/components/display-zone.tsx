import { createContext, useContext } from 'react';

// Where dates are shown: by default in the reader's own locale and zone (staff pages, spec "Time display
// uses the local zone"). A page opened by a client (the portal) shows them as the lab writes them, in the
// lab's locale and the branch's time zone, naming the zone wherever its clock differs from the reader's.

export type DisplayZone = { locale: string; timeZone: string };

export const DisplayZoneContext = createContext<DisplayZone | null>(null);

/** The page's display zone; null: the reader's own. */
export const useDisplayZone = (): DisplayZone | null => useContext(DisplayZoneContext);
