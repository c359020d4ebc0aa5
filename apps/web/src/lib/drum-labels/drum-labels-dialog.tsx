import { useId, useState, type FormEvent } from 'react';
import { labelSheets, MAX_LABELS, type LabelSheet } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { Dialog } from '@portal/ui/dialog';
import { FieldMessage, FieldSet, useFieldIds } from '@portal/ui/field';
import { RadioGroup } from '@portal/ui/radio';
import { downloadFile } from '../export-menu';
import { useTranslation } from '../i18n';
import {
  choiceProblem,
  chosenDrums,
  drumLabelsUrl,
  sitesOf,
  bySerial,
  type LabelDrum,
  type LabelScope,
} from './label-selection';
import styles from './drum-labels.module.css';

const scopes: readonly LabelScope[] = ['all', 'site', 'some'];
const sheetKeys: Record<LabelSheet, 'sheet21' | 'sheet4'> = {
  'a4-21': 'sheet21',
  'a4-4': 'sheet4',
};
const isScope = (value: string): value is LabelScope =>
  (scopes as readonly string[]).includes(value);
const isSheet = (value: string): value is LabelSheet =>
  (labelSheets as readonly string[]).includes(value);

export interface DrumLabelsDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The drums whose labels may be printed. */
  drums: readonly LabelDrum[];
  /** The labels' API path: the account's own, or staff's for one account. */
  path: string;
  /** Drums already chosen on the list: the dialog opens on them. */
  initialIds?: readonly string[];
}

/**
 * Chooses the drums whose labels to print (all, one site's, or some) and the sticker sheet,
 * then downloads the PDF the server draws. A choice of no drum, or of more than a sheet request
 * takes, is said under the drums and downloads nothing.
 */
export function DrumLabelsDialog({
  isOpen,
  onClose,
  drums,
  path,
  initialIds = [],
}: DrumLabelsDialogProps) {
  const { t } = useTranslation('documents');
  const sites = sitesOf(drums);
  const [scope, setScope] = useState<LabelScope>(initialIds.length ? 'some' : 'all');
  const [siteId, setSiteId] = useState<string | null>(sites[0]?.id ?? null);
  const [someIds, setSomeIds] = useState<readonly string[]>(initialIds);
  const [sheet, setSheet] = useState<LabelSheet>('a4-21');
  const [isTried, setTried] = useState(false);
  const chosen = chosenDrums(drums, { scope, siteId, someIds });
  const problem = choiceProblem(chosen.length);
  const problemText =
    isTried && problem ? t(`labels.print.${problem}`, { max: MAX_LABELS }) : undefined;
  const formId = useId();
  const checklistIds = useFieldIds();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    downloadFile(
      drumLabelsUrl(
        path,
        chosen.map((drum) => drum.id),
        sheet,
      ),
    );
    onClose();
  };

  const toggle = (id: string, isSelected: boolean) =>
    setSomeIds((current) => (isSelected ? [...current, id] : current.filter((one) => one !== id)));

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('labels.print.title')}
      description={t('labels.print.description')}
      closeLabel={t('labels.print.close')}
      className={styles.dialog}
      footer={
        <div className={styles.footer}>
          <p className={styles.summary} role="status">
            {t('labels.print.summary', { count: chosen.length })}
          </p>
          <Button variant="text" onPress={onClose}>
            {t('labels.print.cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {t('labels.print.download')}
          </Button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className={styles.form}>
        <RadioGroup
          label={t('labels.print.scope')}
          value={scope}
          onChange={(value) => {
            if (isScope(value)) setScope(value);
          }}
          options={scopes.map((value) => ({
            value,
            label:
              value === 'all'
                ? t('labels.print.all', { count: drums.length })
                : t(`labels.print.${value}`),
          }))}
          errorText={scope === 'all' ? problemText : undefined}
        />
        {scope === 'site' ? (
          <RadioGroup
            label={t('labels.print.siteLabel')}
            value={siteId}
            onChange={setSiteId}
            options={sites.map((site) => ({ value: site.id, label: site.name }))}
            errorText={problemText}
          />
        ) : null}
        {scope === 'some' ? (
          <FieldSet
            ids={checklistIds}
            label={t('labels.print.someLabel')}
            isInvalid={Boolean(problemText)}
            hasMessage={Boolean(problemText)}
          >
            <ul className={styles.drumList}>
              {bySerial(drums).map((drum) => (
                <li key={drum.id}>
                  <Checkbox
                    label={drum.serial}
                    description={t('labels.print.drumDescription', {
                      reference: drum.reference,
                      site: drum.siteName,
                    })}
                    isSelected={someIds.includes(drum.id)}
                    onChange={(isSelected) => toggle(drum.id, isSelected)}
                  />
                </li>
              ))}
            </ul>
            {problemText ? (
              <FieldMessage id={checklistIds.messageId}>{problemText}</FieldMessage>
            ) : null}
          </FieldSet>
        ) : null}
        <RadioGroup
          label={t('labels.print.sheet')}
          value={sheet}
          onChange={(value) => {
            if (isSheet(value)) setSheet(value);
          }}
          options={labelSheets.map((value) => ({
            value,
            label: t(`labels.print.${sheetKeys[value]}`),
          }))}
        />
      </form>
    </Dialog>
  );
}
