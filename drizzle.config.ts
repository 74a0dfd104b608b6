import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations from the schema: `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
