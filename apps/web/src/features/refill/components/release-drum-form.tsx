import { useEffect, useRef, useState } from 'react';
import {
  COLLECTION_SLOTS_MAX,
  loadingMeans,
  slotPeriods,
  type Collection,
  type DrumSummary,
  type LoadingMeans,
  type TimeSlot,
} from '@portal/contract';
import { Button, IconButton } from '@portal/ui/button';
import { DatePicker } from '@portal/ui/date-picker';
import { Dropdown } from '@portal/ui/dropdown';
import { Textarea } from '@portal/ui/textarea';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useDatePickerLabels, useDropdownLabels } from '@/lib/kit-labels';
import { useCreateCollection } from '../api/create-collection';
import { useDateLocale } from '../hooks/use-date-locale';
import { fromIsoDate, toIsoDate } from '../lib/delivery-date';
import styles from './refill.module.css';

const ADDRESS_MAX_LENGTH = 500;
const COMMENT_MAX_LENGTH = 1000;

interface SlotDraft {
  key: number;
  date: Date | null;
  period: TimeSlot['period'];
}

/** Whether a dropdown's key is one of `values`. */
const isOneOf = <Value extends string>(
  values: readonly Value[],
  key: string | null,
): key is Value => (values as readonly (string | null)[]).includes(key);

/** Where a drum is picked up unless the customer says otherwise: its site's address and city. */
export function pickupAddressOf(drum: DrumSummary): string {
  return [drum.site.name, drum.site.address, drum.site.city].filter(Boolean).join('\n');
}

export interface ReleaseDrumFormProps {
  drum: DrumSummary;
  onSent: (collection: Collection) => void;
  onCancel: () => void;
}

/**
 * Releasing an empty drum: the pickup address (the site's, editable), the half-days the truck
 * may come (a day and the morning or the afternoon, up to six, none before today), the loading
 * means on site and a comment. The server refuses a second release while one is under way.
 */
export function ReleaseDrumForm({ drum, onSent, onCancel }: ReleaseDrumFormProps) {
  const { t } = useTranslation(['refill', 'errors', 'common']);
  const dateLocale = useDateLocale();
  const dropdownLabels = useDropdownLabels('refill');
  const datePickerLabels = useDatePickerLabels('refill');
  const create = useCreateCollection();
  const today = fromIsoDate(toIsoDate(new Date()));
  const [address, setAddress] = useState(() => pickupAddressOf(drum));
  const [slots, setSlots] = useState<SlotDraft[]>([{ key: 0, date: null, period: 'morning' }]);
  const nextKey = useRef(1);
  const [means, setMeans] = useState<LoadingMeans | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const heading = useRef<HTMLHeadingElement>(null);
  // The form opens in place of the action: focus moves to its heading.
  useEffect(() => heading.current?.focus(), []);

  const validate = () => {
    const found: Record<string, string> = {};
    if (!address.trim()) found.pickupAddress = t('collection.addressRequired');
    const seen = new Set<string>();
    slots.forEach((slot, index) => {
      if (!slot.date) found[`slot.${index}`] = t('collection.slotDateRequired');
      else if (slot.date < today) found[`slot.${index}`] = t('errors:collection.slot_in_past');
      else {
        const id = `${toIsoDate(slot.date)}/${slot.period}`;
        if (seen.has(id)) found[`slot.${index}`] = t('collection.slotTwice');
        seen.add(id);
      }
    });
    if (!means) found.loadingMeans = t('collection.loadingMeansRequired');
    return found;
  };

  const submit = () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length || !means || create.isPending) return;
    create.mutate(
      {
        drumId: drum.id,
        pickupAddress: address,
        timeSlots: slots.map((slot) => ({
          date: slot.date ? toIsoDate(slot.date) : '',
          period: slot.period,
        })),
        loadingMeans: means,
        comment: comment.trim() || undefined,
      },
      {
        onSuccess: (created) => {
          toaster.show({
            type: 'success',
            title: t('common:success'),
            description: t('collection.sent', { number: created.number }),
          });
          onSent(created);
        },
        onError: (error) => {
          const fields = fieldErrorCodes(error);
          const fromServer: Record<string, string> = {};
          for (const field of Object.keys(fields)) {
            const slot = /^timeSlots\.(\d+)/.exec(field);
            if (slot) fromServer[`slot.${slot[1]}`] = t('errors:collection.slot_in_past');
          }
          setErrors(fromServer);
          showErrorToasts(error, t);
        },
      },
    );
  };

  const periodOptions = slotPeriods.map((period) => ({
    id: period,
    label: t(`collection.period.${period}`),
  }));
  const meansOptions = loadingMeans.map((id) => ({ id, label: t(`collection.loading.${id}`) }));

  return (
    <section aria-labelledby="release-title" className={styles.stack}>
      <h3 id="release-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {t('collection.title', { serial: drum.serial })}
      </h3>
      <p className={styles.muted}>{t('collection.description')}</p>
      <Textarea
        label={t('collection.pickupAddress')}
        value={address}
        maxLength={ADDRESS_MAX_LENGTH}
        rows={3}
        onChange={(event) => setAddress(event.target.value)}
        errorText={errors.pickupAddress}
        isRequired
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('collection.slots')}</legend>
        <p className={styles.muted}>{t('collection.slotsHelp')}</p>
        <ul className={styles.itemList}>
          {slots.map((slot, index) => (
            <li key={slot.key} className={styles.itemRow}>
              <DatePicker
                label={t('collection.slotDate', { number: index + 1 })}
                value={slot.date}
                onChange={(date) =>
                  setSlots((all) =>
                    all.map((other) => (other.key === slot.key ? { ...other, date } : other)),
                  )
                }
                minDate={today}
                locale={dateLocale}
                labels={datePickerLabels}
                errorText={errors[`slot.${index}`]}
                isRequired
              />
              <Dropdown<{ id: TimeSlot['period']; label: string }>
                label={t('collection.slotPeriod', { number: index + 1 })}
                options={periodOptions}
                keyField="id"
                labelField="label"
                value={slot.period}
                onChange={(period) =>
                  setSlots((all) =>
                    all.map((other) =>
                      other.key === slot.key && isOneOf(slotPeriods, period)
                        ? { ...other, period }
                        : other,
                    ),
                  )
                }
                isRequired
                labels={dropdownLabels}
              />
              {slots.length > 1 ? (
                <IconButton
                  variant="text"
                  label={t('collection.removeSlot', { number: index + 1 })}
                  icon={<span aria-hidden="true">×</span>}
                  onPress={() => setSlots((all) => all.filter((other) => other.key !== slot.key))}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {slots.length < COLLECTION_SLOTS_MAX ? (
          <div>
            <Button
              variant="outlined"
              onPress={() => {
                const key = nextKey.current;
                nextKey.current += 1;
                setSlots((all) => [...all, { key, date: null, period: 'morning' }]);
              }}
            >
              {t('collection.addSlot')}
            </Button>
          </div>
        ) : null}
      </fieldset>
      <Dropdown<{ id: LoadingMeans; label: string }>
        label={t('collection.loadingMeans')}
        options={meansOptions}
        keyField="id"
        labelField="label"
        value={means}
        onChange={(value) => setMeans(isOneOf(loadingMeans, value) ? value : null)}
        errorText={errors.loadingMeans}
        isRequired
        labels={dropdownLabels}
      />
      <Textarea
        label={t('collection.comment')}
        value={comment}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className={styles.actions}>
        <Button variant="text" onPress={onCancel}>
          {t('request.cancel')}
        </Button>
        <Button onPress={submit} isPending={create.isPending} pendingLabel={t('request.sending')}>
          {t('collection.submit')}
        </Button>
      </div>
    </section>
  );
}
