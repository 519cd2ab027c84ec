import { loadConfig, ConfigError } from '../config';
import { openDatabase, runMigrations } from '../db/connect';
import { MIN_ADMIN_PASSWORD_LENGTH, setAdminPassword } from '#server/features/admin/index';
import { readHiddenLine } from './hidden-input';

/**
 * `npm run admin:create -- <username>`: asks twice for a password, without echoing it,
 * and creates that admin or resets its password, on the database the store is set up for.
 */
async function main(): Promise<void> {
  const username = process.argv[2]?.trim();
  if (!username || process.argv.length > 3) {
    console.error('Usage: npm run admin:create -- <username>');
    process.exit(2);
  }
  const config = loadConfig();
  const password = await readHiddenLine(`Password for ${username} (at least ${MIN_ADMIN_PASSWORD_LENGTH} characters): `);
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    console.error(`The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
    process.exit(1);
  }
  if ((await readHiddenLine('Repeat the password: ')) !== password) {
    console.error('The passwords do not match.');
    process.exit(1);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.embeddedDataDir, poolSize: 1 });
  try {
    await runMigrations(database);
    await setAdminPassword(database.db, username, password);
  } finally {
    await database.close();
  }
  console.log(`Admin "${username}" is ready: sign in at ${config.PUBLIC_URL.replace(/\/+$/, '')}/admin-login`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
