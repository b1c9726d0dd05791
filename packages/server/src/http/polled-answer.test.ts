import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendPolledAnswer } from './polled-answer';

// The polled reads' serialiser: the schema's bytes, an ETag, a bodiless 304, and (under the test runner)
// a failure when the answer is not exactly what the schema would serialise.

const schema = z.object({ name: z.string(), count: z.number() });
const app = Fastify({ logger: false });
app.get('/same', (request, reply) => sendPolledAnswer(request, reply, schema, { name: 'a', count: 1 }));
app.get('/reordered', (request, reply) =>
  sendPolledAnswer(request, reply, schema, { count: 1, name: 'a' } as z.output<typeof schema>),
);
app.get('/extra', (request, reply) =>
  sendPolledAnswer(request, reply, schema, { name: 'a', count: 1, secret: 'x' } as z.output<typeof schema>),
);

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('sendPolledAnswer', () => {
  it('answers the JSON the schema serialises, with a strong ETag, and 304 for that ETag', async () => {
    const first = await app.inject({ url: '/same' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('{"name":"a","count":1}');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: '/same', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('fails an answer whose keys are out of the schema order or beyond it', async () => {
    expect((await app.inject({ url: '/reordered' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/extra' })).statusCode).toBe(500);
  });
});
