/** The first statement of the JavaScript file at `path` (comments skipped); see use-client.mjs. */
export function firstStatement(path: string): string;
/** Whether the first statement of the JavaScript file at `path` is the "use client" directive. */
export function startsWithUseClient(path: string): boolean;
