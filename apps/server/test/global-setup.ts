import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { migrateAndSeed } from '../src/db/migrate';
import { createLogger } from '../src/logger';
import { databaseUrl } from './helpers/urls';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database on the test server that may create and drop databases. */
    pgAdminUrl: string;
    /** A migrated, seeded database every test file clones. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one in a temporary folder, or the server named by
 * TEST_DATABASE_URL / DATABASE_URL. Each test file then clones the migrated template (fast: a file copy).
 */
export default async function setup(project: TestProject) {
  const logger = createLogger({ LOG_LEVEL: 'warn', NODE_ENV: 'test' });
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  let tmpDir: string | undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-test-pg-'));
    fs.chmodSync(tmpDir, 0o755); // the postgres user must be able to enter it when we run as root
    embedded = await startEmbeddedPostgres({ dataDir: tmpDir, logger, database: 'postgres', fast: true });
    adminUrl = embedded.url;
  }

  const templateDatabase = `cm_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase}`);
  await admin.query(`create database ${templateDatabase}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, templateDatabase), max: 2 });
  await migrateAndSeed(pool);
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`drop database if exists ${templateDatabase} with (force)`).catch(() => {});
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'cm_test_%'`,
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
    await admin.end();
    await embedded?.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
