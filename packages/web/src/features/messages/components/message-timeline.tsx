import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { messageTextsExtra, type Message } from '@lab/domain';
import { indexOfMessage, type TimelineEntry } from '../timeline';
import type { RenderAttachments } from './message-bubble';
import { TimelineRow } from './timeline-row';

// The message pane (case-workspace §4, §9): between 50vh and 60vh high, oldest at the top, scrolled to
// the bottom when it loads and 300 ms after a filter change or a send. Rows are virtualised with their
// measured heights, so thousands of messages scroll like a few.

export const scrollDelayMs = 300;

import type { TimelineLabels, WatchRead } from './timeline-types';

export type { TimelineLabels, WatchRead };

export type MessageTimelineProps = {
  entries: readonly TimelineEntry[];
  isLoading: boolean;
  /** A load failure to show in place of the empty text. */
  loadError: string | null;
  labels: TimelineLabels;
  /** The message to scroll to and highlight (the muid parameter). */
  highlightUid: string | null;
  /** Bumped after a filter change or a send: scroll to the bottom after 300 ms. */
  scrollRequest: number;
  renderAttachments: RenderAttachments;
  onAttachmentsChanged: () => void;
  onResolve: (message: Message) => void;
  watchRead: WatchRead;
};

const estimateRowHeight = () => 120;
const paneMaxHeightVh = 60;

export const MessageTimeline = ({
  entries,
  isLoading,
  loadError,
  labels,
  highlightUid,
  scrollRequest,
  renderAttachments,
  onAttachmentsChanged,
  onResolve,
  watchRead,
}: MessageTimelineProps) => {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app is not built with the React Compiler, so nothing memoises this component; the rule only
  // warns that the compiler would skip it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowHeight,
    getItemKey: (index) => entries[index]?.key ?? index,
    // Each row is a dozen MUI elements: rows beyond the pane are what the first render can least afford.
    overscan: 2,
    // Opened on its newest entry (unless a message is highlighted): the first render lays out the last
    // rows, instead of the first ones only to throw them away when it scrolls to the end.
    initialOffset: () => (highlightUid === null ? entries.length * estimateRowHeight() : 0),
    // The pane's height before it is measured (the tallest it gets): the first render already lays out
    // the rows in view, instead of none until a second render after the mount.
    initialRect: { width: 0, height: (window.innerHeight * paneMaxHeightVh) / 100 },
  });
  const highlightIndex = indexOfMessage(entries, highlightUid);
  const hasEntries = entries.length > 0;

  // On load: the highlighted message, else the newest one. Once per highlight, not on every refresh.
  const scrolledForRef = useRef<string | null>(null);
  useEffect(() => {
    if (isLoading || !hasEntries) return;
    const target = highlightIndex >= 0 ? `highlight:${highlightUid ?? ''}` : 'bottom';
    if (scrolledForRef.current === target || (target === 'bottom' && scrolledForRef.current !== null)) return;
    scrolledForRef.current = target;
    if (highlightIndex >= 0) virtualizer.scrollToIndex(highlightIndex, { align: 'center' });
    else virtualizer.scrollToEnd();
  }, [isLoading, hasEntries, highlightIndex, highlightUid, virtualizer]);

  useEffect(() => {
    if (scrollRequest === 0) return undefined;
    const timer = setTimeout(() => virtualizer.scrollToEnd(), scrollDelayMs);
    return () => clearTimeout(timer);
  }, [scrollRequest, virtualizer]);

  const totalSize = virtualizer.getTotalSize();
  return (
    <Box
      ref={scrollRef}
      role="log"
      aria-label="Messages"
      aria-busy={isLoading}
      // The height changes as rows are measured: inline, since every new value in sx is a new CSS rule.
      style={{ height: totalSize }}
      sx={{
        position: 'relative',
        minHeight: '50vh',
        maxHeight: `${paneMaxHeightVh}vh`,
        overflowY: 'auto',
        overflowAnchor: 'none',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      {isLoading && (
        <LinearProgress
          aria-label="Loading messages"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
        />
      )}
      {!isLoading && !hasEntries && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {loadError ?? messageTextsExtra.noMessages}
        </Typography>
      )}
      <Box sx={{ position: 'relative', width: '100%' }} style={{ height: totalSize }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          return (
            <Box
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              sx={{ position: 'absolute', top: 0, left: 0, width: '100%', px: 1.5, py: 0.75 }}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <TimelineRow
                entry={entry}
                labels={labels}
                isHighlighted={entry.kind === 'message' && entry.message.uid === highlightUid}
                renderAttachments={renderAttachments}
                onAttachmentsChanged={onAttachmentsChanged}
                onResolve={onResolve}
                watchRead={watchRead}
              />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
