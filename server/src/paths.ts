import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the server package: the nearest folder above this module whose package.json is
 * `@helios/server`. The same from the TypeScript source (`src/`) and from the built server
 * (`dist/cli.js`), wherever the package is installed. */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@helios/server'
    ) {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`No @helios/server package.json above ${from}`);
  }
}

export const serverRoot = findServerRoot(dirname(fileURLToPath(import.meta.url)));
/** The workspace the server package sits in, beside the apps (`app-auth/`, `app-admin/`). */
export const workspaceRoot = dirname(serverRoot);
