// What the timeline and its rows share, apart from both so neither imports the other.

export type TimelineLabels = {
  messageTypeName: (code: string) => string;
  caseLabel: (caseUid: string | null) => string | null;
  approvalLabel: (approvalUid: string) => string;
};

/** The read-marking ref of a bubble (see useReadMarking). */
export type WatchRead = (
  isUnseen: boolean,
) => ((element: HTMLElement | null) => (() => void) | undefined) | undefined;
