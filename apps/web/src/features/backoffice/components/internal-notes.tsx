import { useState, type FormEvent } from 'react';
import type { Note } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Textarea } from '@portal/ui/textarea';
import { useTranslation } from '@/lib/i18n';
import styles from './backoffice.module.css';

/** The provider's internal notes on an item, and the form to add one. The customer never sees them. */
export function InternalNotes({
  notes,
  isPending,
  onAdd,
  formatDateTime,
}: {
  notes: Note[];
  isPending: boolean;
  onAdd: (body: string) => Promise<unknown>;
  formatDateTime: (iso: string) => string;
}) {
  const { t } = useTranslation('backoffice');
  const [body, setBody] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onAdd(body).then(() => setBody(''));
  };
  return (
    <section aria-labelledby="notes-title" className={styles.section}>
      <h2 id="notes-title">{t('notes.title')}</h2>
      <p className={styles.muted}>{t('notes.hint')}</p>
      {notes.length ? (
        <ul className={styles.notes}>
          {notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <span className={styles.muted}>
                {`${note.author} · ${formatDateTime(note.createdAt)}`}
              </span>
              {'\n'}
              {note.body}
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className={styles.stack} noValidate>
        <Textarea
          label={t('notes.add')}
          value={body}
          maxLength={2000}
          onChange={(event) => setBody(event.target.value)}
        />
        <div>
          <Button type="submit" variant="outlined" isPending={isPending} isDisabled={!body.trim()}>
            {t('notes.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
