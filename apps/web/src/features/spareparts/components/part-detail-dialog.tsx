import { useState } from 'react';
import { PART_QUANTITY_MAX, type SparePartDetail } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { PlusIcon } from '@portal/ui/icons';
import { NumberInput } from '@portal/ui/number-input';
import { useAbility } from '@/lib/ability';
import { ApiRequestError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { useSparePart } from '../api/get-spare-part';
import { useAddPart } from '../hooks/use-add-part';
import { usePartsFormat, type PartsFormat } from '../hooks/use-parts-format';
import { isUuid } from '../lib/catalogue-params';
import { Availability } from './part-labels';
import { clampQuantity, DEFAULT_QUANTITY } from './quantity-store';
import { ErrorState, LoadingState } from '@/lib/load-states';
import styles from './spare-parts.module.css';

export interface PartDetailDialogProps {
  isOpen: boolean;
  /** The part in the URL (`?part=`); anything but a part id reads as "not found". */
  partId: string;
  onClose: () => void;
  /** Opens another part (the replacement, or one this part replaces) in the same dialog. */
  onOpenPart: (partId: string) => void;
}

function PartFacts({
  part,
  f,
  onOpenPart,
}: {
  part: SparePartDetail;
  f: PartsFormat;
  onOpenPart: (partId: string) => void;
}) {
  const { t } = useTranslation('spareparts');
  return (
    <div className={styles.stack}>
      {part.supersededBy ? (
        <p className={styles.notice}>
          {t('detail.replacedBy', { partNumber: part.supersededBy.partNumber })}{' '}
          <Button variant="text" onPress={() => onOpenPart(part.supersededBy?.id ?? part.id)}>
            {t('part.openReplacement', { partNumber: part.supersededBy.partNumber })}
          </Button>
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>{t('part.designation')}</dt>
        <dd>{part.designation}</dd>
        <dt>{t('part.category')}</dt>
        <dd>{`${part.category.group.name} › ${part.category.name}`}</dd>
        <dt>{t('part.unitPrice')}</dt>
        <dd className={styles.price}>{f.price(part.unitPriceCents)}</dd>
        <dt>{t('part.availability')}</dt>
        <dd>
          {part.stock > 0 ? (
            <>
              <Availability part={part} f={f} />{' '}
              <span className={styles.small}>
                {t('detail.stock', { stock: f.count(part.stock) })}
              </span>
            </>
          ) : (
            t('detail.leadTime', { duration: f.days(part.leadTimeDays) })
          )}
        </dd>
        <dt>{t('detail.fits')}</dt>
        <dd>
          {part.fitsEquipment.length === 0 ? (
            t('detail.fitsNone')
          ) : (
            <ul className={styles.plainList}>
              {part.fitsEquipment.map((unit) => (
                <li key={unit.id}>
                  {t('detail.fitsValue', { serial: unit.serial, model: unit.modelName })}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t('detail.models')}</dt>
        <dd>
          {part.compatibleModels.length === 0
            ? t('part.compatibleNone')
            : part.compatibleModels.map((model) => model.name).join(', ')}
        </dd>
        {part.replaces.length > 0 ? (
          <>
            <dt>{t('detail.replaces')}</dt>
            <dd>
              <ul className={styles.plainList}>
                {part.replaces.map((old) => (
                  <li key={old.id}>
                    <Button
                      variant="text"
                      aria-label={t('part.open', { partNumber: old.partNumber })}
                      onPress={() => onOpenPart(old.id)}
                    >
                      {old.partNumber}
                    </Button>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * A part's detail in the kit's dialog (focus moves in, is trapped, and returns to the opener),
 * with a quantity and "add to cart". Opened from a row, from the palette, or by URL.
 */
export function PartDetailDialog({ isOpen, partId, onClose, onOpenPart }: PartDetailDialogProps) {
  const { t } = useTranslation('spareparts');
  const f = usePartsFormat();
  const isValidId = isUuid(partId);
  const query = useSparePart(isValidId ? partId : '', f.language, isValidId);
  const [quantity, setQuantity] = useState<number | null>(DEFAULT_QUANTITY);
  const [shownPartId, setShownPartId] = useState(partId);
  // Another part opened in the same dialog (its replacement) starts again at one.
  if (shownPartId !== partId) {
    setShownPartId(partId);
    setQuantity(DEFAULT_QUANTITY);
  }
  const { add, pendingPartId } = useAddPart();
  const canOrder = useAbility().can('order', 'spareparts');
  const part = query.data;
  const isNotFound =
    !isValidId ||
    (query.error instanceof ApiRequestError &&
      (query.error.status === 404 || query.error.status === 400));

  let body;
  if (isNotFound) body = <p role="alert">{t('detail.notFound')}</p>;
  else if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else body = <PartFacts part={query.data} f={f} onOpenPart={onOpenPart} />;

  const canAdd = canOrder && part !== undefined && !part.supersededBy && !isNotFound;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={part ? t('detail.title', { partNumber: part.partNumber }) : t('part.partNumber')}
      closeLabel={t('detail.close')}
      closeOnClickOutside
      width={560}
      footer={
        canAdd ? (
          <div className={styles.addRow}>
            <NumberInput
              label={t('part.quantity')}
              value={quantity}
              onChange={setQuantity}
              min={1}
              max={PART_QUANTITY_MAX}
              allowDecimal={false}
            />
            <Button
              startIcon={<PlusIcon />}
              isPending={pendingPartId === part.id}
              pendingLabel={t('part.adding')}
              onPress={() => add(part, clampQuantity(quantity))}
            >
              {t('part.addToCart')}
            </Button>
          </div>
        ) : canOrder && part?.supersededBy ? (
          <p className={`${styles.muted} ${styles.small}`}>{t('part.cannotAdd')}</p>
        ) : null
      }
    >
      {body}
    </Dialog>
  );
}
