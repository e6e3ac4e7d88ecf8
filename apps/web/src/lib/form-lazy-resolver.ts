import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A zod resolver whose schema (and zod itself) loads on the first validation, not with the
 * page: public pages keep zod out of the script that has to run before they respond.
 */
export function lazyZodResolver<TIn extends FieldValues, TOut>(
  load: () => Promise<z.ZodType<TOut, TIn>>,
): Resolver<TIn, unknown, TOut> {
  let resolver: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    );
    return (await resolver)(values, context, options);
  };
}
