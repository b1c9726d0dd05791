import { describe, expect, it } from 'vitest';
import { isHtmlAttachment, prepareAttachments, rebrandHtml } from './html-attachment';

const branding = { title: 'Nexus', primaryColour: '#1565c0' };

describe('HTML attachments', () => {
  it('fill the viewer branding placeholders by text replacement and leave the rest alone', () => {
    const page =
      '<title>{{PRODUCT_TITLE}} viewer</title><style>a{color:{{PRIMARY_COLOUR}}}</style><p>{{PRODUCT_TITLE}}</p>';
    expect(rebrandHtml(page, branding)).toBe(
      '<title>Nexus viewer</title><style>a{color:#1565c0}</style><p>Nexus</p>',
    );
    expect(rebrandHtml('<p>plain</p>', branding)).toBe('<p>plain</p>');
  });

  it('rewrite only HTML files, under the same name', async () => {
    const html = new File(['<h1>{{PRODUCT_TITLE}}</h1>'], 'design.html', { type: 'text/html' });
    const photo = new File(['bytes'], 'photo.jpg', { type: 'image/jpeg' });
    const [rewritten, kept] = await prepareAttachments([html, photo], branding);
    expect(rewritten?.name).toBe('design.html');
    expect(await rewritten?.text()).toBe('<h1>Nexus</h1>');
    expect(kept).toBe(photo);
    expect(isHtmlAttachment(photo)).toBe(false);
  });

  it('fail on an HTML file that is not text', async () => {
    const binary = new File([new Uint8Array([0x3c, 0x00, 0x01])], 'broken.html');
    await expect(prepareAttachments([binary], branding)).rejects.toThrow();
  });
});
