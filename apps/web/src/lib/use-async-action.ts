import { useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncActionCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
}

export interface AsyncAction<TArgs, TResult> {
  /** Starts the call; the callbacks run only if the component is still mounted when it ends. */
  run(args: TArgs, callbacks?: AsyncActionCallbacks<TResult>): void;
  isPending: boolean;
  /** The last call's error, cleared when a new call starts. */
  error: unknown;
}

/**
 * A call the user starts (send a link, sign in), with its pending state and last error: what a
 * visitor's pages need of TanStack Query's `useMutation`, without loading TanStack Query on them
 * (first-page budgets). `action` must be stable (a module-level function).
 */
export function useAsyncAction<TArgs, TResult>(
  action: (args: TArgs) => Promise<TResult>,
): AsyncAction<TArgs, TResult> {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });
  const isMounted = useRef(false);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const run = useCallback(
    (args: TArgs, callbacks: AsyncActionCallbacks<TResult> = {}) => {
      setState({ isPending: true, error: null });
      action(args).then(
        (result) => {
          if (!isMounted.current) return;
          setState({ isPending: false, error: null });
          callbacks.onSuccess?.(result);
        },
        (error: unknown) => {
          if (!isMounted.current) return;
          setState({ isPending: false, error });
          callbacks.onError?.(error);
        },
      );
    },
    [action],
  );

  return { run, ...state };
}
