import type { workers } from '../db/schema';

/** A worker as the engine reads it; its class list stays in the table (see worker-classes.ts). */
export type WorkerRow = Omit<typeof workers.$inferSelect, 'nodeClasses'>;
