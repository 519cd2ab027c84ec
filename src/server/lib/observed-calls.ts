/** How one call through `observeCalls` ended: its method's name, its error (null when it succeeded) and its seconds. */
export type CallRecord = (method: string, error: unknown, seconds: number) => void;

/**
 * The same object, each of its methods timed and reported to `record` as it ends, its
 * result or error passed on unchanged. A proxy, so that methods added to the object's
 * interface later (or found on its prototype) are observed too, and the object itself knows
 * nothing of it (the provisioning panel's metrics, decision 0091).
 */
export function observeCalls<T extends object>(target: T, record: CallRecord): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      if (!wrapped.has(key)) wrapped.set(key, timed(key, value as (...args: unknown[]) => unknown, object, record));
      return wrapped.get(key);
    },
  });
}

function timed(method: string, call: (...args: unknown[]) => unknown, self: object, record: CallRecord) {
  return (...args: unknown[]): unknown => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let result: unknown;
    try {
      result = call.apply(self, args);
    } catch (error) {
      record(method, error, seconds());
      throw error;
    }
    if (!(result instanceof Promise)) {
      record(method, null, seconds());
      return result;
    }
    return result.then(
      (value: unknown) => {
        record(method, null, seconds());
        return value;
      },
      (error: unknown) => {
        record(method, error, seconds());
        throw error;
      },
    );
  };
}
