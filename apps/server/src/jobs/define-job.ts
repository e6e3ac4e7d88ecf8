import { z } from 'zod';
import type { JobName } from './job-names.ts';

/**
 * One kind of job: its queue and the zod schema of its payload. A module declares its jobs in
 * its own `*.jobs.ts` file; `enqueueJob(unit, job, data)` takes only that payload's shape (a
 * wrong one fails to compile) and `handleJob(job, handler)` gives the handler the parsed one.
 */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: JobName;
  payload: P;
}

export function defineJob<P extends z.ZodType>(name: JobName, payload: P): JobDefinition<P> {
  return { name, payload };
}

/** The payload of a scheduled job (cron): nothing. */
export const noPayload = z.object({}).strict();
