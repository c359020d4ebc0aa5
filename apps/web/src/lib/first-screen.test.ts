import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFirstScreen, releaseFirstScreen, whenFirstScreenIsReady } from './first-screen';

describe('the first screen', () => {
  afterEach(() => {
    releaseFirstScreen('consent');
    releaseFirstScreen('other');
  });

  it('swaps at once when nothing is held', () => {
    const swap = vi.fn();
    whenFirstScreenIsReady(swap);
    expect(swap).toHaveBeenCalledOnce();
  });

  it('swaps once the last held part is drawn, and once only', () => {
    const swap = vi.fn();
    holdFirstScreen('consent');
    holdFirstScreen('other');
    // Held twice by the same part (a render done twice), released once.
    holdFirstScreen('consent');
    whenFirstScreenIsReady(swap);
    releaseFirstScreen('consent');
    expect(swap).not.toHaveBeenCalled();
    releaseFirstScreen('other');
    expect(swap).toHaveBeenCalledOnce();
    releaseFirstScreen('other');
    expect(swap).toHaveBeenCalledOnce();
  });
});
