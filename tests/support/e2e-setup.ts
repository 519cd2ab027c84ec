import { waitForE2eStores } from './browser';

// Before each browser file: the stores the global setup builds and starts in the background
// (decision 0085). Every browser file needs the built store, its own or the shared ones.
await waitForE2eStores();
