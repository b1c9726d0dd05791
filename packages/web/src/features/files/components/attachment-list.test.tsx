import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentList } from './attachment-list';

// The attachments list through its real calls: the browser's fetch answers the token, the attachment's
// one-time address and the bytes.

const json = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } }));

let fetched: string[];

beforeEach(() => {
  fetched = [];
  let objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/${(objectUrls += 1)}`);
  URL.revokeObjectURL = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      fetched.push(input);
      if (input === '/oauth2/token/') {
        return json({ access_token: 'token', expires_at: new Date(Date.now() + 900_000).toISOString() });
      }
      const attachment = /^\/api\/v2\/messages\/attachments\/([^/]+)\/$/.exec(input);
      if (attachment) return json({ url: `/files/download/link-${attachment[1]}` });
      // jsdom's Blob cannot go through Node's Response: answer the bytes the way fetch's blob() does.
      return Promise.resolve({
        ok: true,
        status: 200,
        headers: new Headers(),
        body: null,
        blob: () => Promise.resolve(new Blob(['bytes'])),
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AttachmentList', () => {
  it('shows images as thumbnails, aac and mp4 as audio, and other files as links', async () => {
    render(
      <AttachmentList
        messageUid="m-1"
        type="message_attachment"
        canRestoreImages={false}
        attachments={[
          { uid: 'a-photo', file_name: 'IMG_0042.jpg' },
          { uid: 'a-voice', file_name: 'voice_note.aac' },
          { uid: 'a-clip', file_name: 'bite.mp4' },
          { uid: 'a-letter', file_name: 'referral_letter.pdf' },
        ]}
      />,
    );
    const thumbnail = await screen.findByRole('img', { name: 'IMG_0042.jpg' });
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:/);
    expect((await screen.findByLabelText('voice_note.aac')).tagName).toBe('AUDIO');
    expect((await screen.findByLabelText('bite.mp4')).tagName).toBe('AUDIO');
    expect(screen.getByRole('button', { name: 'referral_letter.pdf' })).toBeTruthy();
    // Each shown attachment used its own one-time address exactly once; the PDF is fetched only when opened.
    expect(fetched.filter((url) => url.startsWith('/files/download/')).sort()).toEqual([
      '/files/download/link-a-clip',
      '/files/download/link-a-photo',
      '/files/download/link-a-voice',
    ]);
  });
});
