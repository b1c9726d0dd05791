import { describe, expect, it } from 'vitest';
import { anApproval } from '../../testing/records';
import { aCommunication, aMessage } from './testing/message-fixtures';
import { buildTimeline, indexOfMessage } from './timeline';

describe('buildTimeline', () => {
  it('merges messages, approval requests and communications ascending by created_at', () => {
    const early = aMessage({ created_at: '2025-02-03T01:00:00.000Z', note: 'first' });
    const late = aMessage({ created_at: '2025-02-05T09:30:00.000Z', note: 'last' });
    const approval = anApproval({ created_at: '2025-02-04T00:00:00.000Z' });
    const email = aCommunication({ created_at: '2025-02-03T12:00:00.000Z' });
    const entries = buildTimeline({
      messages: [late, early],
      approvals: [approval],
      communications: [email],
    });
    expect(entries.map((entry) => entry.key)).toEqual([
      `message-${early.uid}`,
      `communication-${email.uid}`,
      `approval-${approval.uid}`,
      `message-${late.uid}`,
    ]);
    expect(entries.map((entry) => entry.kind)).toEqual(['message', 'communication', 'approval', 'message']);
  });

  it('orders by instant, not by the text of the timestamp', () => {
    // 10:00 at +10:00 is 00:00 UTC, before 01:00 UTC although the text sorts after it.
    const offset = aMessage({ created_at: '2025-02-03T10:00:00+10:00' });
    const utc = aMessage({ created_at: '2025-02-03T01:00:00.000Z' });
    const entries = buildTimeline({ messages: [utc, offset], approvals: [], communications: [] });
    expect(entries.map((entry) => entry.key)).toEqual([`message-${offset.uid}`, `message-${utc.uid}`]);
  });

  it('puts an approval request before the message and e-mail of the same instant, and keeps ties stable', () => {
    const at = '2025-02-03T02:00:00.000Z';
    const approval = anApproval({ created_at: at });
    const first = aMessage({ created_at: at });
    const second = aMessage({ created_at: at });
    const email = aCommunication({ created_at: at });
    const entries = buildTimeline({
      messages: [first, second],
      approvals: [approval],
      communications: [email],
    });
    expect(entries.map((entry) => entry.key)).toEqual([
      `approval-${approval.uid}`,
      `message-${first.uid}`,
      `message-${second.uid}`,
      `communication-${email.uid}`,
    ]);
  });

  it('is empty without anything, and finds a message by uid', () => {
    expect(buildTimeline({ messages: [], approvals: [], communications: [] })).toEqual([]);
    const message = aMessage();
    const approval = anApproval({ created_at: '2025-01-01T00:00:00.000Z' });
    const entries = buildTimeline({ messages: [message], approvals: [approval], communications: [] });
    expect(indexOfMessage(entries, message.uid)).toBe(1);
    expect(indexOfMessage(entries, approval.uid)).toBe(-1);
    expect(indexOfMessage(entries, null)).toBe(-1);
  });
});
