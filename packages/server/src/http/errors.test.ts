import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing';
import type { DatabaseHandle } from '../db/client';
import { registerErrorHandling } from './errors';

// The error handler's safety net for text the database cannot store, on the real database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): a NUL character that a schema let through is a 400, not a 500.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('registerErrorHandling', () => {
  it('answers 400 for a NUL character the database refuses, and 500 for anything else', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/text', async (request) => {
      const { text } = request.body as { text: string };
      await database.db.execute(sql`SELECT ${text}::text`);
      return { ok: true };
    });
    app.get('/broken', async () => {
      await database.db.execute(sql`SELECT no_such_column FROM users`);
    });
    const nul = await app.inject({ method: 'POST', url: '/text', payload: { text: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      error: { code: 'validation_failed', message: 'Contains characters that cannot be stored' },
    });
    const fine = await app.inject({ method: 'POST', url: '/text', payload: { text: 'ab' } });
    expect(fine.statusCode).toBe(200);
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong, please try again' },
    });
    await app.close();
  });
});
