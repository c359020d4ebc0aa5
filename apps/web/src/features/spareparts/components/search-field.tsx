import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { SPARE_PART_SEARCH_MAX } from '@portal/contract';
import { TextField } from '@portal/ui/text-field';
import { useTranslation } from '@/lib/i18n';
import styles from './spare-parts.module.css';

/** The server is asked once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchFieldProps {
  /** The search in the URL. */
  value: string;
  /** Called with the trimmed text once typing pauses (or at once on Enter). */
  onCommit: (search: string) => void;
}

/**
 * The catalogue search. The text lives here, so a keystroke re-renders this field only; the
 * table changes when the debounced text reaches the URL. A search changed from outside (back,
 * forward, the palette) replaces the text; the field's own search coming back does not, since
 * on a slow phone it comes back after the next keystrokes and would erase them.
 */
export function SearchField({ value, onCommit }: SearchFieldProps) {
  const { t } = useTranslation('spareparts');
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const [committed, setCommitted] = useState<string | null>(null);
  if (value !== lastValue) {
    setLastValue(value);
    // The field's own search has come back, once; a later arrival of it is from outside.
    if (value === committed) setCommitted(null);
    else if (text.trim() !== value) setText(value);
  }

  const commit = useCallback(
    (search: string) => {
      setCommitted(search);
      onCommit(search);
    },
    [onCommit],
  );

  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => commit(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, commit]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== value) commit(text.trim());
  };

  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <TextField
        type="search"
        label={t('filters.search')}
        description={t('filters.searchHelp')}
        value={text}
        maxLength={SPARE_PART_SEARCH_MAX}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
