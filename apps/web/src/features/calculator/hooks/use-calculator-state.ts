import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  readCalculatorState,
  writeCalculatorState,
  type CalculatorPatch,
  type CalculatorState,
} from '../lib/calculator-params';

/**
 * The calculator's inputs, read from and written to the URL. Updates replace the history entry:
 * each keystroke must not become a step of the back button.
 */
export function useCalculatorState(): [CalculatorState, (patch: CalculatorPatch) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readCalculatorState(params), [params]);
  const update = useCallback(
    (patch: CalculatorPatch) =>
      setParams((current) => writeCalculatorState(current, patch), { replace: true }),
    [setParams],
  );
  return [state, update];
}
