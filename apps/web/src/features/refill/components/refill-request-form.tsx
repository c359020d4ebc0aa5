import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ATTACHMENT_MAX_BYTES,
  hasRefillUnderway,
  type DrumSummary,
  type RefillRequest,
} from '@portal/contract';
import { Button, IconButton } from '@portal/ui/button';
import { DatePicker } from '@portal/ui/date-picker';
import { Dropdown } from '@portal/ui/dropdown';
import { FileUpload } from '@portal/ui/file-upload';
import { NumberInput } from '@portal/ui/number-input';
import { PhoneInput } from '@portal/ui/phone-input';
import { Stepper } from '@portal/ui/stepper';
import { TextField } from '@portal/ui/text-field';
import { Textarea } from '@portal/ui/textarea';
import { TimeRangeField } from '@portal/ui/time-field';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useDatePickerLabels, useDropdownLabels } from '@/lib/kit-labels';
import { belowQuery, useMediaQuery } from '@/lib/use-media-query';
import { useCreateRefillRequest } from '../api/create-refill-request';
import { useUploadAttachment } from '../api/upload-attachment';
import { useFileUploadLabels } from '../hooks/use-kit-labels';
import { useDateLocale } from '../hooks/use-date-locale';
import { useRefillFormat } from '../hooks/use-refill-format';
import { earliestDeliveryDate } from '../lib/delivery-date';
import {
  COMMENT_MAX_LENGTH,
  MAX_QUANTITY,
  PO_MAX_LENGTH,
  emptyDraft,
  hasErrors,
  toCreateRequest,
  validateDelivery,
  validateItems,
  type DraftErrors,
  type RefillRequestDraft,
} from '../lib/refill-request-draft';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import styles from './refill.module.css';

type Step = 1 | 2 | 3;

interface DrumOption {
  id: string;
  label: string;
  site: string;
}

export interface RefillRequestFormProps {
  drums: DrumSummary[];
  initialDrumIds?: string[];
  /** After the request (and its attachment) went through. */
  onSent: (request: RefillRequest) => void;
  onCancel: () => void;
  /** Opened by an action (not by choosing its tab): focus moves to the form's heading. */
  focusOnOpen?: boolean;
}

/** Makes an Idempotency-Key; `crypto.randomUUID` exists on every page served over http(s). */
const newKey = () => crypto.randomUUID();

/**
 * The refill request stepper: drums and quantities → delivery → review. One
 * Idempotency-Key belongs to one filled-in form and is kept until the server accepted it, so a
 * double click or a retry after a lost answer creates a single request.
 */
export function RefillRequestForm({
  drums,
  initialDrumIds = [],
  onSent,
  onCancel,
  focusOnOpen = false,
}: RefillRequestFormProps) {
  const { t } = useTranslation(['refill', 'errors']);
  const f = useRefillFormat();
  const dateLocale = useDateLocale();
  const dropdownLabels = useDropdownLabels('refill');
  const datePickerLabels = useDatePickerLabels('refill');
  const fileUploadLabels = useFileUploadLabels();
  const create = useCreateRefillRequest();
  const upload = useUploadAttachment();
  const drumsById = useMemo(() => new Map(drums.map((drum) => [drum.id, drum])), [drums]);
  const [step, setStep] = useState<Step>(1);
  const [draft, setDraft] = useState<RefillRequestDraft>(() => {
    const ids = initialDrumIds.filter((id) => drumsById.has(id));
    return emptyDraft(ids, ids[0] ? (drumsById.get(ids[0])?.site.id ?? null) : null);
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [showErrors, setShowErrors] = useState(false);
  const key = useRef<{ key: string; payload: string } | null>(null);
  const isSubmitting = useRef(false);
  const minDate = useMemo(() => earliestDeliveryDate(), []);
  // Three step titles side by side do not fit a phone: they stack there.
  const isNarrow = useMediaQuery(belowQuery('smallTablet'));

  // The form replaces what was on screen: focus moves to its heading so keyboard and screen
  // reader users start there, not at the top of the page.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const siteOf = (drumId: string) => drumsById.get(drumId)?.site.id;
  const validateStep = (current: Step, next: RefillRequestDraft) =>
    current === 1 ? validateItems(next, siteOf) : validateDelivery(next, undefined, siteOf);

  const update = (patch: Partial<RefillRequestDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (showErrors) setErrors(validateStep(step, next));
  };

  const drumOptions: DrumOption[] = drums.map((drum) => ({
    id: drum.id,
    label: `${drum.serial} · ${drum.product.reference}`,
    site: drum.site.name,
  }));
  const siteOptions = [...new Map(drums.map((drum) => [drum.site.id, drum.site])).values()].map(
    (site) => ({ id: site.id, label: `${site.name} (${site.city})` }),
  );

  const goTo = (target: Step) => {
    if (target > step) {
      const found = validateStep(step, draft);
      setErrors(found);
      setShowErrors(true);
      if (hasErrors(found)) return;
    }
    setShowErrors(false);
    setErrors({});
    setStep(target);
  };

  const submit = () => {
    if (isSubmitting.current) return;
    const request = toCreateRequest(draft);
    const payload = JSON.stringify(request);
    // A changed form is another request: it gets another key.
    if (!key.current || key.current.payload !== payload) key.current = { key: newKey(), payload };
    isSubmitting.current = true;
    create.mutate(
      { request, key: key.current.key },
      {
        onSuccess: async (created) => {
          key.current = null;
          if (draft.attachment) {
            try {
              await upload.mutateAsync({ requestId: created.id, file: draft.attachment });
            } catch (error) {
              // The request exists; only the file failed. Say so, and let the user see it.
              showErrorToasts(error, t);
            }
          }
          // Stays set: the form is done, a late second click must not send it again.
          toaster.show({
            type: 'success',
            title: t('common:success'),
            description: t('request.sent', { number: created.number }),
          });
          onSent(created);
        },
        onError: (error) => {
          isSubmitting.current = false;
          const fields = fieldErrorCodes(error);
          const delivery: DraftErrors = {};
          if (fields.deliveryDate) delivery.deliveryDate = `errors:${fields.deliveryDate}`;
          if (fields.contactPhone) delivery.phone = `errors:${fields.contactPhone}`;
          if (fields.windowEnd || fields.windowStart)
            delivery.window = `errors:${fields.windowEnd ?? fields.windowStart ?? ''}`;
          showErrorToasts(error, t);
          if (hasErrors(delivery)) {
            setErrors(delivery);
            setStep(2);
          }
        },
      },
    );
  };

  const steps = [
    { step: 1, label: t('request.stepLabel', { step: 1 }), title: t('request.step1') },
    { step: 2, label: t('request.stepLabel', { step: 2 }), title: t('request.step2') },
    { step: 3, label: t('request.stepLabel', { step: 3 }), title: t('request.step3') },
  ];
  const err = (key?: string) => (key ? t(key) : undefined);

  return (
    <section aria-labelledby="request-title" className={styles.stack}>
      <h2 id="request-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {t('request.title')}
      </h2>
      <Stepper
        label={t('request.progress')}
        steps={steps}
        currentStep={step}
        onStepSelect={(selected) => goTo(Number(selected) as Step)}
        orientation={isNarrow ? 'vertical' : 'horizontal'}
        labels={{ completed: t('request.completed'), pending: t('request.pending') }}
      />

      {step === 1 ? (
        <fieldset className={styles.fieldset}>
          <legend>{t('request.step1')}</legend>
          <Dropdown<DrumOption>
            selectionMode="multiple"
            label={t('request.drums')}
            options={drumOptions}
            keyField="id"
            labelField="label"
            groupField="site"
            isSearchable
            value={draft.items.map((item) => item.drumId)}
            onChange={(ids) => {
              const items = ids.map(
                (drumId) =>
                  draft.items.find((item) => item.drumId === drumId) ?? { drumId, quantity: 1 },
              );
              // The delivery site follows the drums: one request, one site.
              const firstSite = items[0] ? drumsById.get(items[0].drumId)?.site.id : undefined;
              update({ items, siteId: firstSite ?? draft.siteId });
            }}
            errorText={err(errors.items)}
            isRequired
            labels={dropdownLabels}
          />
          {draft.items.length > 0 ? (
            <ul className={styles.itemList} aria-label={t('request.chosenDrums')}>
              {draft.items.map((item) => {
                const drum = drumsById.get(item.drumId);
                const serial = drum?.serial ?? item.drumId;
                return (
                  <li key={item.drumId} className={styles.itemRow}>
                    <NumberInput
                      label={t('request.quantityOf', { serial })}
                      description={
                        drum ? `${drum.product.reference} · ${drum.site.name}` : undefined
                      }
                      allowDecimal={false}
                      min={1}
                      max={MAX_QUANTITY}
                      value={item.quantity}
                      onChange={(quantity) =>
                        update({
                          items: draft.items.map((other) =>
                            other.drumId === item.drumId ? { ...other, quantity } : other,
                          ),
                        })
                      }
                      errorText={err(errors.quantities?.[item.drumId])}
                      isRequired
                    />
                    {drum && hasRefillUnderway(drum.status) ? (
                      <p className={styles.notice}>{t('request.alreadyOrdered', { serial })}</p>
                    ) : null}
                    <IconButton
                      variant="text"
                      label={t('request.removeDrum', { serial })}
                      icon={<span aria-hidden="true">×</span>}
                      onPress={() =>
                        update({
                          items: draft.items.filter((other) => other.drumId !== item.drumId),
                        })
                      }
                    />
                  </li>
                );
              })}
            </ul>
          ) : null}
        </fieldset>
      ) : null}

      {step === 2 ? (
        <fieldset className={styles.fieldset}>
          <legend>{t('request.step2')}</legend>
          <div className={styles.formGrid}>
            <Dropdown<{ id: string; label: string }>
              label={t('request.site')}
              options={siteOptions}
              keyField="id"
              labelField="label"
              value={draft.siteId}
              onChange={(siteId) => update({ siteId })}
              errorText={err(errors.siteId)}
              isRequired
              labels={dropdownLabels}
            />
            <DatePicker
              label={t('request.deliveryDate')}
              description={t('request.deliveryDateHelp', { date: f.date(minDate) })}
              value={draft.deliveryDate}
              onChange={(deliveryDate) => update({ deliveryDate })}
              minDate={minDate}
              disabledDays={{ dayOfWeek: [0, 6] }}
              locale={dateLocale}
              labels={datePickerLabels}
              errorText={err(errors.deliveryDate)}
              isRequired
            />
            <TimeRangeField
              label={t('request.window')}
              startLabel={t('request.windowStart')}
              endLabel={t('request.windowEnd')}
              value={draft.window}
              onChange={(window) => update({ window })}
              errorText={err(errors.window)}
              isRequired
            />
            <PhoneInput
              label={t('request.phone')}
              defaultCountry="FR"
              locale={f.language}
              value={draft.phone.text}
              onChange={(text, details) =>
                update({ phone: { text, e164: details.e164, isValid: details.isValid } })
              }
              labels={{ country: t('request.country') }}
              errorText={err(errors.phone)}
              isRequired
            />
            <TextField
              label={t('request.poNumber')}
              value={draft.poNumber}
              maxLength={PO_MAX_LENGTH}
              onChange={(event) => update({ poNumber: event.target.value })}
              errorText={err(errors.poNumber)}
            />
          </div>
          <Textarea
            label={t('request.comment')}
            value={draft.comment}
            maxLength={COMMENT_MAX_LENGTH}
            rows={4}
            onChange={(event) => update({ comment: event.target.value })}
            errorText={err(errors.comment)}
          />
          <FileUpload
            label={t('request.attachment')}
            description={t('request.attachmentHelp')}
            accept={{
              'application/pdf': ['.pdf'],
              'image/png': ['.png'],
              'image/jpeg': ['.jpg', '.jpeg'],
            }}
            maxSize={ATTACHMENT_MAX_BYTES}
            formatSize={f.fileSize}
            value={draft.attachment ? [draft.attachment] : []}
            onChange={(files) => update({ attachment: files[0] ?? null })}
            labels={fileUploadLabels.labels}
            messages={fileUploadLabels.messages}
          />
        </fieldset>
      ) : null}

      {step === 3 ? (
        <section aria-labelledby="review-title" className={styles.stack}>
          <h3 id="review-title" className={styles.sectionTitle}>
            {t('request.step3')}
          </h3>
          <dl className={styles.facts}>
            <dt>{t('request.drums')}</dt>
            <dd>
              <ul className={styles.plainList}>
                {draft.items.map((item) => (
                  <li key={item.drumId}>
                    {t('request.itemSummary', {
                      serial: drumsById.get(item.drumId)?.serial ?? item.drumId,
                      count: item.quantity ?? 1,
                    })}
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{t('request.site')}</dt>
            <dd>{siteOptions.find((site) => site.id === draft.siteId)?.label}</dd>
            <dt>{t('request.deliveryDate')}</dt>
            <dd>{draft.deliveryDate ? f.date(draft.deliveryDate) : ''}</dd>
            <dt>{t('request.window')}</dt>
            <dd>
              {t('request.windowValue', { start: draft.window.start, end: draft.window.end })}
            </dd>
            <dt>{t('request.phone')}</dt>
            <dd>{draft.phone.e164}</dd>
            <dt>{t('request.poNumber')}</dt>
            <dd>{draft.poNumber.trim() || t('request.none')}</dd>
            <dt>{t('request.comment')}</dt>
            <dd className={styles.preWrap}>{draft.comment.trim() || t('request.none')}</dd>
            <dt>{t('request.attachment')}</dt>
            <dd>{draft.attachment?.name ?? t('request.noAttachment')}</dd>
          </dl>
        </section>
      ) : null}

      <div className={styles.actions}>
        {step > 1 ? (
          <Button
            variant="outlined"
            onPress={() => goTo((step - 1) as Step)}
            isDisabled={create.isPending}
          >
            {t('request.back')}
          </Button>
        ) : (
          <Button variant="text" onPress={onCancel}>
            {t('request.cancel')}
          </Button>
        )}
        {step < 3 ? (
          <Button onPress={() => goTo((step + 1) as Step)}>{t('request.next')}</Button>
        ) : (
          <Button
            onPress={submit}
            isPending={create.isPending || upload.isPending}
            pendingLabel={t('request.sending')}
          >
            {t('request.submit')}
          </Button>
        )}
      </div>
    </section>
  );
}
