import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { FileUpload } from '@portal/ui/file-upload';
import { RadioGroup } from '@portal/ui/radio';
import { Table, type TableColumn } from '@portal/ui/table';
import {
  IMPORT_CSV_MAX,
  importColumns,
  importKinds,
  type ImportReport,
  type ImportRow,
} from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useImportCsv } from '../api/account-mutations';
import { spreadsheetText } from '../lib/spreadsheet-text';
import styles from './accounts.module.css';
import { useTableLabels } from '@/lib/use-table-labels';
import { importSummary } from './account-counts';

type Kind = (typeof importKinds)[number];

function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Drums or equipment from a CSV file (as a spreadsheet saves it, `;` or `,`): a dry run shows
 * what each row will do (create, update, or rejected and why, with its row number); applying
 * writes the valid rows at once.
 */
export function ImportSection({ accountId }: { accountId: string }) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const labels = useTableLabels(t('accounts:kit.noData'));
  const run = useImportCsv();
  const [kind, setKind] = useState<Kind>('drums');
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);

  const send = async (apply: boolean) => {
    const file = files[0];
    if (!file) return;
    run.mutate(
      { accountId, kind, csv: spreadsheetText(await readBytes(file)), apply },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (answer.applied) {
            toaster.show({
              type: 'success',
              title: t('accounts:import.appliedTitle'),
              description: importSummary(t, answer),
            });
          }
        },
        onError: (error) => showErrorToasts(error, t),
      },
    );
  };

  const columns: TableColumn<ImportRow>[] = [
    { id: 'line', header: t('accounts:import.row'), accessor: (row) => row.line, align: 'end' },
    { id: 'serial', header: t('accounts:import.serial'), accessor: (row) => row.serial ?? '—' },
    {
      id: 'outcome',
      header: t('accounts:import.outcome'),
      accessor: (row) =>
        t(`accounts:import.${report?.applied ? 'outcomesDone' : 'outcomes'}.${row.outcome}`),
    },
    {
      id: 'reason',
      header: t('accounts:import.reason'),
      accessor: (row) =>
        row.reason ? t(`accounts:import.reasons.${row.reason}`, { column: row.column ?? '' }) : '',
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="import-title">
      <h2 id="import-title">{t('accounts:import.title')}</h2>
      <p className={styles.muted}>
        {t('accounts:import.columns', { columns: importColumns[kind].join(' ; ') })}
      </p>
      <RadioGroup
        label={t('accounts:import.kind')}
        orientation="horizontal"
        value={kind}
        onChange={(value) => {
          setKind(value as Kind);
          setReport(null);
        }}
        options={importKinds.map((value) => ({
          value,
          label: t(`accounts:import.kinds.${value}`),
        }))}
      />
      <FileUpload
        label={t('accounts:import.file')}
        accept={{ 'text/csv': ['.csv'], 'text/plain': ['.txt'] }}
        maxSize={IMPORT_CSV_MAX}
        value={files}
        onChange={(chosen) => {
          setFiles(chosen);
          setReport(null);
        }}
        labels={{
          dropHere: t('accounts:import.dropHere'),
          browse: t('accounts:import.browse'),
          updateFiles: t('accounts:import.updateFile'),
          delete: (name) => t('accounts:import.deleteFile', { name }),
          maxSize: (size) => t('accounts:import.maxSize', { size }),
        }}
      />
      <div className={styles.actions}>
        <Button
          variant="outlined"
          isDisabled={files.length === 0}
          isPending={run.isPending && !report}
          pendingLabel={t('accounts:import.checking')}
          onPress={() => void send(false)}
        >
          {t('accounts:import.dryRun')}
        </Button>
        {report && !report.applied && report.created + report.updated > 0 ? (
          <Button
            isPending={run.isPending}
            pendingLabel={t('accounts:import.applying')}
            onPress={() => void send(true)}
          >
            {t('accounts:import.apply', { count: report.created + report.updated })}
          </Button>
        ) : null}
      </div>
      {report ? (
        <div className={styles.section} role="status">
          <p className={styles.counts}>
            {report.applied ? t('accounts:import.appliedTitle') : t('accounts:import.dryRunTitle')}
            {' — '}
            {importSummary(t, report)}
          </p>
          <Table
            label={t('accounts:import.reportLabel')}
            columns={columns}
            rows={report.rows}
            getRowId={(row) => String(row.line)}
            labels={labels}
            renderCard={(row) => (
              <div className={styles.who}>
                <strong>
                  {t('accounts:import.rowNumber', { row: row.line })} · {row.serial ?? '—'}
                </strong>
                <span>
                  {t(
                    `accounts:import.${report?.applied ? 'outcomesDone' : 'outcomes'}.${row.outcome}`,
                  )}
                </span>
                {row.reason ? (
                  <span className={styles.muted}>
                    {t(`accounts:import.reasons.${row.reason}`, { column: row.column ?? '' })}
                  </span>
                ) : null}
              </div>
            )}
          />
        </div>
      ) : null}
    </section>
  );
}
