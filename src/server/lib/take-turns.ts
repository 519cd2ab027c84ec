/**
 * Work on one key in this process, one run at a time: a run starts when the previous run
 * on its key has settled, whatever its outcome. Keys are forgotten once idle.
 */
export function createTurns<Key>() {
  const last = new Map<Key, Promise<void>>();
  return function inTurn<T>(key: Key, work: () => Promise<T>): Promise<T> {
    const run = (last.get(key) ?? Promise.resolve()).then(work);
    const settled = run.then(
      () => {},
      () => {},
    );
    last.set(key, settled);
    void settled.then(() => {
      if (last.get(key) === settled) last.delete(key);
    });
    return run;
  };
}
