import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (zod and the contract's schemas) loads on first use
 * or on `preload()`, not with the form: the first paint of a form page does not wait for a
 * validator it needs only once the user submits (decision 0024).
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(load: () => Promise<Resolver<Values, Context, Output>>) {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  const preload = () => {
    // A failed download is tried again on the next call rather than remembered.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Values, Context, Output> = async (values, context, options) => (await preload())(values, context, options);
  return { resolver, preload };
}
