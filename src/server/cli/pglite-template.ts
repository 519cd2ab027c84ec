import { pgliteTemplateDir, writeMigratedPgliteFolder } from '../db/connect';

// The last step of the build: the migrated data folder a new embedded store copies (decision 0019).
await writeMigratedPgliteFolder(pgliteTemplateDir());
