import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { useTranslation } from '@/lib/i18n';

/**
 * An action that stops or undoes something (cancel, withdraw, suspend, remove…): drawn in the
 * danger tone, and taken only once its confirmation, also in the danger tone, is pressed; "go
 * back" leaves everything as it was.
 */
export function ConfirmButton({
  label,
  isPending = false,
  isDisabled = false,
  size,
  onConfirm,
}: {
  /** The action's words, on the first button and in its confirmation. */
  label: string;
  isPending?: boolean;
  isDisabled?: boolean;
  size?: 'small' | 'medium' | 'large';
  onConfirm: () => void;
}) {
  const { t } = useTranslation('common');
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button
        variant="outlined"
        tone="destructive"
        size={size}
        isDisabled={isDisabled}
        onPress={() => setConfirming(true)}
      >
        {label}
      </Button>
    );
  }
  return (
    <>
      <Button
        tone="destructive"
        size={size}
        isPending={isPending}
        isDisabled={isDisabled}
        onPress={onConfirm}
      >
        {t('confirmAction.confirm', { action: label })}
      </Button>
      <Button variant="text" size={size} onPress={() => setConfirming(false)}>
        {t('confirmAction.keep')}
      </Button>
    </>
  );
}
