import { z } from 'zod';

/**
 * The one error shape of every 4xx and 5xx answer: a message for the person, and, when a
 * refusal names the request's fields, the reason for each (the client's ApiError reads both).
 */
export const errorBodySchema = z.object({ message: z.string(), fieldErrors: z.record(z.string(), z.string()).optional() });
