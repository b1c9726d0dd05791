// Every query of one client hangs under ['client', id], so adding an identification (or the refresh
// button) reloads the page's lists together.
export const clientQueryKey = (id: number) => ['client', id] as const;
