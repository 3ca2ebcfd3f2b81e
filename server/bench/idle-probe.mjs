/**
 * Loaded with `--import` into a server process the start-up benchmark spawns (with
 * `--expose-gc`): on the message `measure` it collects garbage and answers the process's memory.
 * Plain JavaScript, so the measured process runs no TypeScript loader.
 */
process.on('message', (message) => {
  if (message !== 'measure') return;
  const gc = globalThis.gc;
  if (!gc) throw new Error('start the process with --expose-gc');
  gc();
  gc();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ rss, heapUsed, external, arrayBuffers });
});
