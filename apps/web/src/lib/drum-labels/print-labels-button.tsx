import { lazy, Suspense, useState } from 'react';
import { Button } from '@portal/ui/button';
import type { LabelDrum } from './label-selection';

// The dialog, its texts and the contract's sheets load when first asked for: a list that
// offers labels carries only this button.
const DrumLabelsDialog = lazy(() =>
  import('./drum-labels-dialog').then((module) => ({ default: module.DrumLabelsDialog })),
);

export interface PrintLabelsButtonProps {
  /** The button's text, in the caller's namespace. */
  label: string;
  drums: readonly LabelDrum[];
  /** The labels' API path: the account's own, or staff's for one account. */
  path: string;
  /** Drums already chosen on the list: the dialog opens on them. */
  selectedIds?: readonly string[];
}

/**
 * "Print labels": opens the choice of drums and sticker sheet. Shown only to those the server
 * lets print them: the caller checks the ability.
 */
export function PrintLabelsButton({ label, drums, path, selectedIds }: PrintLabelsButtonProps) {
  const [isOpen, setOpen] = useState(false);
  // Each opening starts from the list's selection of the moment.
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <Button
        variant="outlined"
        onPress={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {openings > 0 ? (
        <Suspense fallback={null}>
          <DrumLabelsDialog
            key={openings}
            isOpen={isOpen}
            onClose={() => setOpen(false)}
            drums={drums}
            path={path}
            initialIds={selectedIds}
          />
        </Suspense>
      ) : null}
    </>
  );
}
