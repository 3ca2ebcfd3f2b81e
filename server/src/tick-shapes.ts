import { createHook } from 'node:async_hooks';

/**
 * Keeps the shape V8 gives Node's `process.nextTick` entries alive for the life of the process.
 *
 * Node makes each entry as an object literal with computed keys (its async id symbols first).
 * V8 remembers, at each key of that literal, the one shape the object had there; the first time
 * it sees another, it gives up on the site for good, and from then on every entry is built
 * through the runtime: three slow calls per `nextTick`, about nine ticks per HTTP request. Those
 * shapes are held weakly: a full garbage collection while no entry happens to be alive frees them,
 * the next entry gets a new shape, and the site is given up. An embedded node (PGlite and its
 * extension) collects fully during its first requests, so on Node 20 every request then paid a
 * tenth to a fifth more CPU (`pnpm bench`, docs/performance-server.md). One entry held here keeps
 * its shape, and through it the shapes of every step before it, alive.
 *
 * It has to run before a full collection follows the process's first ticks. It is the first
 * import of both entry points (`cli.ts`, `index.ts`), so it runs while the modules load, before
 * the server makes any I/O (where the ticks are); in the built server it runs after the bundled
 * dependencies are evaluated, which make no ticks that matter here (tick-shapes.test.ts, and
 * `%DebugPrint(process.nextTick)` in `node dist/cli.js serve` under load). The async hooks API
 * (public) is enabled only for the one `nextTick` made here.
 */
let kept: object | undefined;

export function keepTickShapes(): object | undefined {
  if (kept) return kept;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') kept ??= resource as object;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return kept;
}

keepTickShapes();
