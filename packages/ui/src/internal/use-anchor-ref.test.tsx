import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAnchorRef } from './use-anchor-ref';

function Trigger({
  setReference,
  isOpen,
  label = 'Open',
}: {
  setReference: (node: Element | null) => void;
  isOpen: boolean;
  label?: string;
}) {
  const ref = useAnchorRef(setReference, isOpen);
  return (
    <button key={label} ref={ref} type="button">
      {label}
    </button>
  );
}

describe('useAnchorRef', () => {
  it('hands the trigger over only once the floating element opens', () => {
    const setReference = vi.fn();
    const { rerender, getByRole } = render(<Trigger setReference={setReference} isOpen={false} />);
    expect(setReference).not.toHaveBeenCalled();
    rerender(<Trigger setReference={setReference} isOpen />);
    expect(setReference).toHaveBeenCalledOnce();
    expect(setReference).toHaveBeenCalledWith(getByRole('button', { name: 'Open' }));
  });

  it('hands over a trigger rendered anew while open', () => {
    const setReference = vi.fn();
    const { rerender, getByRole } = render(<Trigger setReference={setReference} isOpen />);
    rerender(<Trigger setReference={setReference} isOpen label="Again" />);
    expect(setReference).toHaveBeenLastCalledWith(getByRole('button', { name: 'Again' }));
  });
});
