import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Attachment } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { apiRequest } from '@/lib/api-client';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { backofficeKeys } from '../api/backoffice-keys';
import styles from './backoffice.module.css';

/** The types the server takes (it checks each file's content, not its name). */
const ACCEPTED = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

const itemPath = (itemId: string) => `/backoffice/items/${encodeURIComponent(itemId)}`;

/**
 * A refill request's files: the customer's and customer service's, each named by who attached it
 * and downloaded as a file; staff attach one more as customer service (the server refuses what is
 * not a PDF, PNG or JPEG of at most 5 MB, and says why).
 */
export function StaffAttachments({
  itemId,
  attachments,
}: {
  itemId: string;
  attachments: readonly Attachment[];
}) {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest<Attachment>(`${itemPath(itemId)}/attachments`, { method: 'POST', body });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...backofficeKeys.all, 'item', itemId] }),
    onError: (error) => showErrorToasts(error, t),
  });
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  });

  return (
    <section aria-labelledby="attachments-title" className={styles.section}>
      <h2 id="attachments-title">{t('item.attachments')}</h2>
      {attachments.length > 0 ? (
        <ul className={styles.lines}>
          {attachments.map((file) => (
            <li key={file.id}>
              <a
                href={`/api${itemPath(itemId)}/attachments/${encodeURIComponent(file.id)}`}
                download={file.fileName}
              >
                {file.fileName}
              </a>{' '}
              <span className={styles.muted}>
                {t('item.attachedBy', {
                  author: t(`item.attachmentAuthor.${file.author}`),
                  size: size.format(Math.max(1, Math.round(file.sizeBytes / 1024))),
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('item.noAttachments')}</p>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <div>
        <Button
          variant="outlined"
          isPending={upload.isPending}
          pendingLabel={t('item.attaching')}
          onPress={() => input.current?.click()}
        >
          {t('item.attach')}
        </Button>
        <p className={styles.muted}>{t('item.attachHelp')}</p>
      </div>
    </section>
  );
}
