// `npm start`: installs dependencies with the pinned pnpm and starts Helios. Until the server
// lands, the product's screens live in the design system's Storybook.
import { pnpm } from './lib/toolchain.mjs';

const install = pnpm(['install', '--prefer-offline']);
if (install !== 0) process.exit(install);
process.exit(pnpm(['run', 'storybook', '--no-open']));
