// `npm start`: builds the store when needed, then runs the built server in this process
// so that signals reach its graceful shutdown directly.
import { builtServer, buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
process.chdir(root);
await import(new URL(`file://${builtServer}`).href);
