// The built store's entry. React, which draws the emails (decision 0040), picks its development
// build when it is first imported unless NODE_ENV says production; that build checks every
// element and cost a purchase about 1.5 ms of CPU. The store's own setting already means
// production when NODE_ENV is unset (config.ts), so it says so before anything imports React
// (decision 0043). The rest is loaded after, as a chunk of its own.
process.env.NODE_ENV ??= 'production';
await import('./run-store');

export {};
