// Target 6's delay: a note posted through process A must reach a live-update stream held on process B
// (PostgreSQL NOTIFY → B's listener → B's streams) in under a second. The probe holds its own stream on
// B, posts notes on one collection through A one at a time, and times each `collection` frame.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { streamPathFor } from '@lab/domain';
import { readSseFrames } from './sse-frames';

export type DelayProbe = {
  /** From sending the POST through A to the frame on B (what a colleague's window waits). */
  sendToFrameMs: number[];
  /** How long A took to answer the POST (the frame often arrives first: NOTIFY goes out at commit). */
  postMs: number[];
  missed: number;
};

const frameTimeoutMs = 5_000;

/** Opens a stream on `base` watching one collection, as its page would; `onCollection` gets its frames' uid. */
const holdStream = (
  base: string,
  cookie: string,
  collectionUid: string,
  onCollection: (uid: string) => void,
): Promise<http.ClientRequest> =>
  new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${streamPathFor([collectionUid])}`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`probe stream answered ${response.statusCode}`));
          return;
        }
        readSseFrames(response, (frame) => {
          if (frame.startsWith('event: ready')) resolve(request);
          const uid = /^event: collection\ndata: \{"uid":"([^"]+)"\}/.exec(frame)?.[1];
          if (uid) onCollection(uid);
        });
      },
    );
    request.on('error', reject);
  });

export const probeCrossProcessDelay = async (options: {
  postBase: string;
  streamBase: string;
  cookie: string;
  token: string;
  collectionUid: string;
  caseUid: string;
  count: number;
  gapMs: number;
}): Promise<DelayProbe> => {
  let waiting: ((at: number) => void) | null = null;
  const stream = await holdStream(options.streamBase, options.cookie, options.collectionUid, (uid) => {
    // The stream watches this collection only; the check keeps the probe honest should that change.
    if (uid === options.collectionUid) waiting?.(performance.now());
  });
  const probe: DelayProbe = { sendToFrameMs: [], postMs: [], missed: 0 };
  try {
    for (let i = 0; i < options.count; i += 1) {
      const frame = new Promise<number | null>((resolve) => {
        waiting = resolve;
        setTimeout(() => resolve(null), frameTimeoutMs);
      });
      const sent = performance.now();
      const answer = await fetch(`${options.postBase}/api/v2/messages/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          case_collection_uid: options.collectionUid,
          case_uid: options.caseUid,
          message_type: 'CASE_NOTE',
          note: `bench: cross-process delay probe ${i + 1}`,
        }),
      });
      const answered = performance.now();
      if (!answer.ok)
        throw new Error(`posting the probe note answered ${answer.status}: ${await answer.text()}`);
      const arrived = await frame;
      waiting = null;
      if (arrived === null) probe.missed += 1;
      else {
        probe.sendToFrameMs.push(arrived - sent);
        probe.postMs.push(answered - sent);
      }
      await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    }
  } finally {
    stream.destroy();
  }
  return probe;
};
