import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSparePartsI18n } from '../testing/render';
import { SEARCH_DEBOUNCE_MS, SearchField } from './search-field';

beforeAll(async () => {
  await initSparePartsI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The field as the catalogue holds it: `value` is the search in the URL. */
function renderField(value: string) {
  const onCommit = vi.fn();
  const view = render(<SearchField value={value} onCommit={onCommit} />);
  const field = screen.getByRole('searchbox', { name: /^Search/ });
  const type = (text: string) => {
    act(() => {
      // A controlled React input: set the DOM value and fire the event React listens to.
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const rerender = (next: string) =>
    view.rerender(<SearchField value={next} onCommit={onCommit} />);
  return { field: field as HTMLInputElement, onCommit, type, rerender };
}

describe('SearchField', () => {
  it('commits the trimmed text once typing pauses', () => {
    const { onCommit, type } = renderField('');
    type(' bear');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onCommit).not.toHaveBeenCalled();
    type(' bearing ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('bearing');
  });

  it('keeps what was typed after a commit when that commit reaches the URL late', () => {
    const { field, onCommit, type, rerender } = renderField('');
    type('bearing');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenCalledWith('bearing');
    // A slow phone: the user has cleared the field and typed on before the URL changes.
    type('roule');
    rerender('bearing');
    expect(field.value).toBe('roule');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenLastCalledWith('roule');
  });

  it('shows a search changed from outside, even one it committed earlier', () => {
    const { field, type, rerender } = renderField('');
    type('bearing');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    rerender('bearing');
    expect(field.value).toBe('bearing');
    // Back, then forward again: both are changes from outside.
    rerender('');
    expect(field.value).toBe('');
    rerender('bearing');
    expect(field.value).toBe('bearing');
    rerender('pump');
    expect(field.value).toBe('pump');
  });
});
