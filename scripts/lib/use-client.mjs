// Whether a built module is a client module for React Server Components frameworks.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** The first statement of the JavaScript file at `path` (comments skipped), as written. */
export function firstStatement(path) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const [first] = source.statements;
  return first ? first.getText(source) : '';
}

/** Whether the first statement of the JavaScript file at `path` is the "use client" directive. */
export function startsWithUseClient(path) {
  return /^(['"])use client\1;?$/.test(firstStatement(path));
}
