// Runs every migration in /migrations at start. Kysely's Migrator takes a lock in the
// database, so several API instances starting together apply each migration once.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Both the sources (api/db → ../../migrations) and the compiled server
// (dist/server/api/db → dist/server/migrations) keep this relative layout.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * Kysely's FileMigrationProvider imports from inside node_modules, where the test runner
 * cannot load TypeScript; importing from here works for the sources (tests, dev) and for
 * the compiled server alike.
 */
export const folderMigrations: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of (await fs.readdir(MIGRATIONS_DIR)).sort()) {
      const ext = path.extname(file);
      if (!['.ts', '.js', '.mjs'].includes(ext) || file.endsWith('.d.ts')) continue;
      const module = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration;
      migrations[path.basename(file, ext)] = module;
    }
    return migrations;
  },
};

// Migrations see the database untyped (Kysely's guidance), so the migrator does too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: folderMigrations,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
