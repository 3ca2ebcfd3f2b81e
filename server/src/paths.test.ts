import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { serverRoot, workspaceRoot } from './paths';

test('the server package and the workspace around it are found from the module', () => {
  expect(JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')).name).toBe('@helios/server');
  expect(existsSync(join(serverRoot, 'drizzle', 'meta', '_journal.json'))).toBe(true);
  expect(existsSync(join(workspaceRoot, 'app-auth', 'package.json'))).toBe(true);
  expect(existsSync(join(workspaceRoot, 'app-admin', 'package.json'))).toBe(true);
});
