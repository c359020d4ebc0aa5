import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useNumberFormat } from '../hooks/use-number-format';
import {
  chooseDrum,
  fromMillimetres,
  validateDrumChoice,
  type DrumChoiceField,
  type DrumEvaluation,
} from '../lib/drum-calculations';
import type { NumericParam } from '../lib/calculator-params';
import type { ModeProps } from './winding-mode';
import { fieldErrorsByParam } from './field-errors';
import { CableFields, NumberField, WindingFields } from './input-fields';
import { ANNOUNCE_DELAY_MS } from './result-list';
import { RequestRefillWithThis } from './calculator-actions';
import styles from './calculator.module.css';

const paramOf: Record<DrumChoiceField, NumericParam> = {
  length: 'len',
  cableDiameter: 'd',
  freeboard: 'f',
  efficiency: 'e',
  voltageKv: 'kv',
  weightKgPerKm: 'w',
};

/** The smallest standard drum for a length, and why the others do not fit. */
export function DrumChoiceMode({ state, update, products, drums, isCatalogLoading }: ModeProps) {
  const { t } = useTranslation('calculator');
  const format = useNumberFormat(state.units);
  const headingId = useId();
  const { len, d, f, e, kv, w } = state.values;
  const validation = validateDrumChoice({
    length: len,
    cableDiameter: d,
    freeboard: f,
    efficiency: e,
    voltageKv: kv,
    weightKgPerKm: w,
  });
  const errors = fieldErrorsByParam(validation, paramOf);
  const isValid = Object.keys(validation).length === 0;
  const result =
    isValid && drums
      ? chooseDrum(
          {
            length: len!,
            cable: {
              diameter: d!,
              weightKgPerKm: w ?? undefined,
              voltageKv: kv!,
              tapeShielded: state.tapeShielded,
            },
            freeboard: f!,
            efficiency: e!,
          },
          drums,
          state.units,
        )
      : undefined;

  const dimensions = (evaluation: DrumEvaluation) =>
    t('choice.dimensions', {
      a: format.dimension(fromMillimetres(evaluation.drum.flangeDiameterMm, state.units)),
      b: format.dimension(fromMillimetres(evaluation.drum.barrelDiameterMm, state.units)),
      t: format.dimension(fromMillimetres(evaluation.drum.innerWidthMm, state.units)),
    });

  const reasonText = (evaluation: DrumEvaluation, reason: DrumEvaluation['reasons'][number]) => {
    switch (reason) {
      case 'barrelTooSmall':
        return t('choice.reasons.barrelTooSmall', {
          b: format.dimension(fromMillimetres(evaluation.drum.barrelDiameterMm, state.units)),
          min: format.dimension(evaluation.minimumBarrel),
          k: result?.bendingFactor ?? 0,
        });
      case 'capacityTooSmall':
        return t('choice.reasons.capacityTooSmall', {
          capacity: format.length(evaluation.practicalCapacity),
          length: format.length(len ?? 0),
        });
      case 'overweight':
        return t('choice.reasons.overweight', {
          weight: format.weight(evaluation.grossWeightKg ?? 0),
          max: format.weight(evaluation.drum.maxLoadKg),
        });
    }
  };

  let announcement = t('announce.incomplete');
  if (result?.chosen) {
    announcement = t('announce.chosen', {
      code: result.chosen.drum.code,
      number: result.rejected.length,
    });
  } else if (result) {
    announcement = t('announce.noDrum');
  }
  const spoken = useDebouncedValue(announcement, ANNOUNCE_DELAY_MS);

  return (
    <div className={styles.mode}>
      <div className={styles.inputs}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('choice.legend')}</legend>
          <div className={styles.fields}>
            <NumberField
              state={state}
              update={update}
              errors={errors}
              name="len"
              label={t('fields.len')}
              unit={t(`units.${state.units}.length`)}
              step={10}
            />
          </div>
        </fieldset>
        <CableFields
          state={state}
          update={update}
          errors={errors}
          products={products}
          isLoading={isCatalogLoading}
          withRating
        />
        <WindingFields state={state} update={update} errors={errors} heightParam="f" />
      </div>
      <section className={styles.outputs} aria-labelledby={headingId}>
        <div className={styles.results}>
          <h2 id={headingId} className={styles.resultsHeading}>
            {t('choice.heading')}
          </h2>
          {!result ? (
            <p className={styles.empty}>
              {isValid && isCatalogLoading ? t('choice.loading') : t('results.incomplete')}
            </p>
          ) : result.chosen ? (
            <div className={styles.chosen}>
              <p className={styles.chosenTitle}>
                {t('choice.chosen', { code: result.chosen.drum.code })}
              </p>
              <dl className={styles.resultList}>
                <div className={styles.result}>
                  <dt className={styles.resultLabel}>{t('choice.drumDimensions')}</dt>
                  <dd className={styles.resultValue}>{dimensions(result.chosen)}</dd>
                </div>
                <div className={styles.result}>
                  <dt className={styles.resultLabel}>{t('choice.capacity')}</dt>
                  <dd className={styles.resultValue}>
                    {format.length(result.chosen.practicalCapacity)}
                  </dd>
                </div>
                <div className={styles.result}>
                  <dt className={styles.resultLabel}>{t('choice.minimumBarrel')}</dt>
                  <dd className={styles.resultValue}>
                    {format.dimension(result.chosen.minimumBarrel)}
                  </dd>
                  <dd className={styles.explanation}>
                    {t('choice.bendingRule', { k: result.bendingFactor })}
                  </dd>
                </div>
                {result.chosen.grossWeightKg === undefined ? null : (
                  <div className={styles.result}>
                    <dt className={styles.resultLabel}>{t('choice.grossWeight')}</dt>
                    <dd className={styles.resultValue}>
                      {t('choice.weightOfMax', {
                        weight: format.weight(result.chosen.grossWeightKg),
                        max: format.weight(result.chosen.drum.maxLoadKg),
                      })}
                    </dd>
                  </div>
                )}
              </dl>
            </div>
          ) : (
            <p className={styles.noDrum}>{t('choice.none')}</p>
          )}
          {result && result.rejected.length > 0 ? (
            <>
              <h3 className={styles.rejectedHeading}>
                {t('choice.rejectedHeading', { number: result.rejected.length })}
              </h3>
              <ul className={styles.rejectedList}>
                {result.rejected.map((evaluation) => (
                  <li key={evaluation.drum.code}>
                    {t('choice.rejectedItem', {
                      code: evaluation.drum.code,
                      dimensions: dimensions(evaluation),
                      reasons: evaluation.reasons
                        .map((reason) => reasonText(evaluation, reason))
                        .join(t('choice.reasonSeparator')),
                    })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p className={styles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
            {spoken}
          </p>
        </div>
        {result?.chosen ? <RequestRefillWithThis cable={state.cable} drum={null} /> : null}
      </section>
    </div>
  );
}
