import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { initialDataDirFile } from './db/initial-data.js';
import { DataDirBusyError } from './db/data-dir-lock.js';
import { runMigrations } from './db/migrate.js';
import path from 'node:path';
import { setAdmin } from './modules/admin/index.js';
import { setTier } from './modules/plans/index.js';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant <email>          give the account the admin role
  revoke <email>         take the admin role away
  tier <email> <tier>    put the account on free, pro, business or enterprise`;

async function main(argv: string[]) {
  const [command, email, tier] = argv;
  if (command !== 'grant' && command !== 'revoke' && command !== 'tier') {
    console.log(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  if (!email || (command === 'tier' && !tier)) {
    console.error(`Missing ${email ? 'tier' : 'email'}.\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  // On the embedded database this takes the same lock as the server: while the server runs,
  // the command refuses instead of touching files another process has open.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    owner: 'the admin command',
    initialDataDir: initialDataDirFile(),
  });
  try {
    await runMigrations(database);
    const result =
      command === 'tier'
        ? await setTier(database.db, email, tier ?? '')
        : await setAdmin(database.db, email, command === 'grant');
    console.log(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof DataDirBusyError ? error.message : error,
    );
    process.exit(1);
  },
);
