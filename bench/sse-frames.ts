import type http from 'node:http';

// The live-update stream as the benches read it: text/event-stream frames, each ended by a blank line.

/** Calls `onFrame` with each whole frame of the stream's answer ('event: …\ndata: …'), in order. */
export const readSseFrames = (response: http.IncomingMessage, onFrame: (frame: string) => void): void => {
  response.setEncoding('utf8');
  let buffered = '';
  response.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      onFrame(frame);
      end = buffered.indexOf('\n\n');
    }
  });
};
