import { defineConfig } from 'drizzle-kit';

// drizzle-kit only reads the schema and writes SQL migrations; it never connects.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
