import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations from src/db/schema into src/db/migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
