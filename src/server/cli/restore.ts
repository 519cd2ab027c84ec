import { restoreCommand } from './backup-commands';

// `npm run restore -- <file> [--force]` (scripts/restore.mjs runs this from the bundle).
process.exit(await restoreCommand(process.argv.slice(2), process.env, console));
