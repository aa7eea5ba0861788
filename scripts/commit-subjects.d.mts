/** Types of scripts/commit-subjects.mjs (plain Node ESM, run by `npm run lint` and the commit-msg hook), for its tests. */

export const SUBJECT_MAX: number;
/** What is wrong with the message's subject, or null. */
export function subjectProblem(message: string): string | null;
