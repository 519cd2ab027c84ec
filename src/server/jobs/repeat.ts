/**
 * Runs `task` every `everyMs` in this process, one run at a time: a tick that finds the
 * previous run still going is skipped. A failed run is reported and the next tick tries again.
 */
export function repeatEvery(everyMs: number, task: () => Promise<void>, onError: (error: unknown) => void, { runNow = false } = {}) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= task()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  if (runNow) tick();
  return {
    /** No more runs; resolves once the one in progress, if any, has ended. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}

export type Repeater = ReturnType<typeof repeatEvery>;
