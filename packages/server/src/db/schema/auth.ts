import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// A browser sign-in. The cookie carries a random secret; only its sha256 is stored.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secret_hash: text('secret_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

// Short-lived bearer tokens minted from a session (GET /oauth2/token/); stored hashed.
export const access_tokens = pgTable(
  'access_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_tokens_session_idx').on(t.session_id)],
);

// Failed sign-ins, counted per IP and per username so the limit holds across server processes.
export const sign_in_failures = pgTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ip: text('ip').notNull(),
    username: text('username').notNull(),
    failed_at: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_ip_idx').on(t.ip, t.failed_at),
    index('sign_in_failures_user_idx').on(t.username, t.failed_at),
  ],
);

// A capability key (portal or partner) that matched nothing, per client IP: counted in the database so
// the guessing limit holds across server processes. Only the kind is kept, never the key.
export const key_guess_failures = pgTable(
  'key_guess_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ip: text('ip').notNull(),
    key_kind: text('key_kind').notNull(),
    failed_at: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('key_guess_failures_ip_idx').on(t.ip, t.failed_at)],
);
