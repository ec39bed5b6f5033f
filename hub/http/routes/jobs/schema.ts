import { z } from 'zod';
import { isReservedId } from '#protocol';

export { jobListQuerySchema, type JobBoardReply, type JobDetailReply, type JobListPage, type JobListQuery } from '#protocol';

/**
 * A job id as `GET /api/jobs/:id` takes it: `<command id>.<n>`, so the id
 * alphabet and a little longer than a record id. Anything else is 400
 * INCORRECT_INPUT before the table is asked; a name objects answer to
 * (`__proto__`, `constructor`) is 404 like any unknown job.
 */
export const jobIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** Whether an id that passed the schema can name a job at all. */
export const isJobIdLookable = (id: string) => !isReservedId(id);
