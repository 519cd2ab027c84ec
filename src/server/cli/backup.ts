import { backupCommand } from './backup-commands';

// `npm run backup -- <file>` (scripts/backup.mjs runs this from the bundle).
process.exit(await backupCommand(process.argv.slice(2), process.env, console));
