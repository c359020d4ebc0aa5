import { useEffect, useState } from 'react';
import { Button } from '@portal/ui/button';
import { ScrollArea } from '@portal/ui/scroll-area';
import { useTranslation } from '@/lib/i18n';
import styles from './integration.module.css';

export interface CopyButtonProps {
  /** What is copied. */
  text: string;
  /** The button's name (what it copies). */
  label: string;
}

/** How long "Copied" stays before the button is ready again. */
const SAID_FOR_MS = 4000;

/**
 * Copies `text` to the clipboard and says so in a polite live region beside the button, so a
 * screen reader hears it too; where the browser refuses, it says to copy by hand.
 */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation('integration');
  const [said, setSaid] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said]);
  return (
    <div className={styles.copy}>
      <Button
        variant="outlined"
        size="small"
        onPress={() => {
          const clipboard = navigator.clipboard as Clipboard | undefined;
          if (!clipboard) {
            setSaid('failed');
            return;
          }
          clipboard.writeText(text).then(
            () => setSaid('copied'),
            () => setSaid('failed'),
          );
        }}
      >
        {label}
      </Button>
      <span role="status" className={styles.copyStatus}>
        {said ? t(said === 'copied' ? 'copy.copied' : 'copy.failed') : ''}
      </span>
    </div>
  );
}

export interface CodeBlockProps {
  /** The code, shown as written (it scrolls sideways inside its box on a narrow screen). */
  code: string;
  /** Names the block for assistive technologies, and its copy button. */
  label: string;
  /** The copy button's name; no button without it. */
  copyLabel?: string;
  /** Breaks the text anywhere instead of scrolling (a key, one long word). */
  wraps?: boolean;
}

/** A block of code to copy: scrolled sideways inside its own box (by keyboard too), never the page. */
export function CodeBlock({ code, label, copyLabel, wraps = false }: CodeBlockProps) {
  return (
    <div className={styles.codeBlock}>
      <ScrollArea label={label} className={styles.codeBox}>
        <pre className={wraps ? `${styles.code} ${styles.secret}` : styles.code}>
          <code>{code}</code>
        </pre>
      </ScrollArea>
      {copyLabel ? <CopyButton text={code} label={copyLabel} /> : null}
    </div>
  );
}
