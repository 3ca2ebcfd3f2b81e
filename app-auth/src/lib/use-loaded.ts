import { ApiError } from '@helios/api';
import type { LoadState } from '@helios/design-system';
import { type DependencyList, useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ErrorKey, errorKey } from './errors';

export type LoadRequest<T> = {
  /** Asks the server (through `@helios/api`). */
  load: () => Promise<T>;
  /** Takes each answer: into the screen's state or an atom. */
  onLoaded: (value: T) => void;
  /** Told of a failed load, after `status` turned `failed` (not of a 401, which leaves the page). */
  onFailed?: (error: unknown) => void;
  /** While false nothing is loaded (there is nothing to load yet); the load runs once it turns true. */
  enabled?: boolean;
};

export type Loaded = {
  /** `loading` from the start of a load until it answers, then `idle` or `failed`. */
  status: LoadState;
  /** The message for the last failure. */
  failure: ErrorKey;
  /** Loads again (Try again). */
  reload: () => void;
};

/**
 * Loads what a screen or section shows: when it opens, again when one of `deps` changes, and on
 * `reload()`. An answer that arrives after the screen closed or a newer load began is dropped. A
 * 401 means this browser was signed out meanwhile: the visitor is sent to sign in.
 */
export function useLoaded<T>(
  { load, onLoaded, onFailed, enabled = true }: LoadRequest<T>,
  deps: DependencyList,
): Loaded {
  const navigate = useNavigate();
  const [status, setStatus] = useState<LoadState>('loading');
  const [failure, setFailure] = useState<ErrorKey>('errors.unknown');
  const [attempt, setAttempt] = useState(0);
  // The caller's latest functions, without making each render a reason to load again.
  const start = useEffectEvent(load);
  const loaded = useEffectEvent(onLoaded);
  const failed = useEffectEvent((error: unknown) => onFailed?.(error));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's `deps` and `attempt` (Try again) say when to load again
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    setStatus('loading');
    start().then(
      (value) => {
        if (!active) return;
        loaded(value);
        setStatus('idle');
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 401) {
          navigate('/login', { replace: true });
          return;
        }
        setFailure(errorKey(error));
        setStatus('failed');
        failed(error);
      },
    );
    return () => {
      active = false;
    };
  }, [navigate, enabled, attempt, ...deps]);

  return { status, failure, reload: () => setAttempt((count) => count + 1) };
}
