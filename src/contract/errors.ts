import { z } from 'zod';

/** The one error shape of every 4xx and 5xx answer. */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
