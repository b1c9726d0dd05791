import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileExtension, maxFileNameLength, sanitizeFileName } from './file-names';
import { canEditImage, isAudioFile, viewerKindOf } from './file-kinds';
import { displayFileName, serviceFileName, serviceFileUid } from '../../api/files';

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system.ini', 'system.ini'],
    ['%2e%2e%2f%2e%2e%2fsecret.stl', 'secret.stl'],
    ['%252e%252e%252fsecret.stl', 'secret.stl'],
    ['scan\u0000.stl', 'scan.stl'],
    ['photo\u202Egpj.exe', 'photogpj.exe'],
    ['scan\u061Cltx.stl', 'scanltx.stl'],
    ['scan\u2060\u00ad\u180e.stl', 'scan.stl'],
    ['  upper  scan .stl  ', 'upper scan .stl'],
    ['..', 'file'],
    ['', 'file'],
    ['.hidden.png', 'hidden.png'],
    ['a<b>c:d"e|f?g*h.pdf', 'a_b_c_d_e_f_g_h.pdf'],
    ['100%.pdf', '100%.pdf'],
  ])('%j → %j', (raw, safe) => {
    expect(sanitizeFileName(raw)).toBe(safe);
  });

  it('keeps the extension of a name cut to 255 characters', () => {
    const name = sanitizeFileName(`${'x'.repeat(400)}.stl`);
    expect(Array.from(name)).toHaveLength(maxFileNameLength);
    expect(name.endsWith('.stl')).toBe(true);
  });

  it('never answers a path, a traversal, an invisible mark or more than 255 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600, unit: 'binary' }), (raw) => {
        const safe = sanitizeFileName(raw);
        expect(safe.length).toBeGreaterThan(0);
        expect(Array.from(safe).length).toBeLessThanOrEqual(maxFileNameLength);
        // eslint-disable-next-line no-control-regex -- control characters are what must not survive
        expect(safe).not.toMatch(/[/\\\u0000-\u001f\u061c\u202a-\u202e\u200b-\u200f\u2060-\u2064]/);
        expect(safe.startsWith('.')).toBe(false);
        expect(sanitizeFileName(safe)).toBe(safe);
      }),
    );
  });
});

describe('file kinds', () => {
  it('chooses the viewer by extension', () => {
    expect(viewerKindOf('design.HTML')).toBe('html');
    expect(viewerKindOf('a.jpeg')).toBe('image');
    expect(viewerKindOf('a.png')).toBe('image');
    expect(viewerKindOf('upper.stl')).toBe('model');
    expect(viewerKindOf('bite.ply')).toBe('model');
    expect(viewerKindOf('order.pdf')).toBe('download');
    expect(viewerKindOf('noextension')).toBe('download');
    expect(isAudioFile('voice.aac')).toBe(true);
    expect(isAudioFile('clip.mp4')).toBe(true);
    expect(fileExtension('dir.v1/file')).toBe('');
  });

  it('edits only images of the editable types', () => {
    expect(canEditImage('a.jpg', 'internal_file')).toBe(true);
    expect(canEditImage('a.png', 'message_attachment')).toBe(true);
    expect(canEditImage('a.png', 'return_file')).toBe(false);
    expect(canEditImage('a.stl', 'internal_file')).toBe(false);
  });

  it('names files of the file service uniquely and shows them plainly', () => {
    const uid = '1b6ff0f8-e1bb-409f-9368-28a031807fc7';
    const name = serviceFileName(uid, 'crown.zip');
    expect(serviceFileUid(name)).toBe(uid);
    expect(displayFileName(name)).toBe('crown.zip');
    expect(displayFileName('crown.zip')).toBe('crown.zip');
    expect(serviceFileUid('crown.zip')).toBeNull();
  });
});
