import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileResponse, json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { AttachmentList } from './attachment-list';

// The attachments list through its real calls: the browser's fetch answers the token, the attachment's
// one-time address and the bytes.

let calls: ApiCall[];

beforeEach(() => {
  let objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:http://localhost/${(objectUrls += 1)}`);
  URL.revokeObjectURL = vi.fn();
  calls = stubFetch((call) => {
    const attachment = /^\/api\/v2\/messages\/attachments\/([^/]+)\/$/.exec(call.path);
    return attachment ? json({ url: `/files/download/link-${attachment[1]}` }) : fileResponse();
  });
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
    const downloads = calls.map((call) => call.path).filter((path) => path.startsWith('/files/download/'));
    expect(downloads.sort()).toEqual([
      '/files/download/link-a-clip',
      '/files/download/link-a-photo',
      '/files/download/link-a-voice',
    ]);
  });
});
