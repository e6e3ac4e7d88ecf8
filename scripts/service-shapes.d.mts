/** Types of scripts/service-shapes.mjs for the server's test that holds the shapes. */
export interface ServiceCall {
  /** `modules/<m>/<file>.routes.ts:<line>`, relative to the server's source folder. */
  where: string;
  fn: string;
  /** `(scope, …)`, `(db, user, …)`, … */
  shape: string;
  lead: string[];
}

export const SERVER_SRC: string;

export function serviceCalls(root?: string): {
  files: number;
  calls: ServiceCall[];
  errorBuilderCalls: number;
};
