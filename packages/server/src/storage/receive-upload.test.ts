import { access } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '@lab/domain';
import { receiveUpload } from './receive-upload';

// The first step of every upload: a capped, hashed temporary file. A refused upload keeps nothing, and
// its message names the file as people are shown it (sanitised), never as the client sent it.

describe('receiveUpload', () => {
  it('refuses an upload over the cap with the sanitised name', async () => {
    const refusal = await receiveUpload(Readable.from([Buffer.alloc(40), Buffer.alloc(40)]), {
      name: '../../x\u202Egpj.stl',
      maxBytes: 64,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 413 });
    expect((refusal as AppError).message).toMatch(/^xgpj\.stl is larger than /);
  });

  it('keeps a received file until discarded', async () => {
    const received = await receiveUpload(Readable.from([Buffer.from('solid x')]), {
      name: 'a.stl',
      maxBytes: 64,
    });
    expect(received.size).toBe(7);
    await access(received.path);
    await received.discard();
    await expect(access(received.path)).rejects.toThrow();
  });
});
