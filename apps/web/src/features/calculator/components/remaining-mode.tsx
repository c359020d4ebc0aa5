import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../hooks/use-number-format';
import type { CalculatorState } from '../lib/calculator-params';
import {
  calculateRemaining,
  validateRemaining,
  type RemainingField,
  toMetres,
} from '../lib/drum-calculations';
import { DrumDiagram } from './drum-diagram';
import { SaveReading } from './save-reading';
import { CableFields, DrumFields, WindingFields } from './input-fields';
import { ResultList, type ResultItem } from './result-list';
import { fieldErrorsByParam } from './field-errors';
import type { ModeProps } from './capacity-mode';
import styles from './calculator.module.css';

const paramOf: Record<RemainingField, keyof CalculatorState['values']> = {
  flangeDiameter: 'a',
  barrelDiameter: 'b',
  innerWidth: 't',
  cableDiameter: 'd',
  freeHeight: 'h',
  efficiency: 'e',
  weightKgPerKm: 'w',
  tareKg: 'tare',
};

/** How much cable is left on a drum, from the measured free flange height h. */
export function RemainingMode({ state, update, products, drums, isCatalogLoading }: ModeProps) {
  const { t } = useTranslation('calculator');
  const format = useNumberFormat(state.units);
  const { a, b, t: width, d, h, e, w, tare } = state.values;
  const fields = {
    flangeDiameter: a,
    barrelDiameter: b,
    innerWidth: width,
    cableDiameter: d,
    freeHeight: h,
    efficiency: e,
    weightKgPerKm: w,
    tareKg: tare,
  };
  const validation = validateRemaining(fields);
  const errors = fieldErrorsByParam(validation, paramOf);
  const isValid = Object.keys(validation).length === 0;
  const result = isValid
    ? calculateRemaining(
        {
          drum: { flangeDiameter: a!, barrelDiameter: b!, innerWidth: width! },
          cable: { diameter: d!, weightKgPerKm: w ?? undefined },
          freeHeight: h!,
          efficiency: e!,
          tareKg: tare ?? undefined,
        },
        state.units,
      )
    : undefined;

  const items: ResultItem[] = result
    ? [
        {
          id: 'practical',
          label: t('results.remainingPractical', { efficiency: format.count(e!) }),
          value: format.length(result.practicalLength),
          explanation: t('explain.practical', {
            theoretical: format.length(result.theoreticalLength),
            efficiency: format.count(e!),
          }),
          isMain: true,
        },
        {
          id: 'theoretical',
          label: t('results.remainingTheoretical'),
          value: format.length(result.theoreticalLength),
          explanation: t('explain.length', {
            depth: format.dimension(result.windingDepth),
            b: format.dimension(b!),
            t: format.dimension(width!),
            d: format.dimension(d!),
          }),
        },
        {
          id: 'depth',
          label: t('results.remainingDepth'),
          value: format.dimension(result.windingDepth),
          explanation: t('explain.remainingDepth', {
            a: format.dimension(a!),
            b: format.dimension(b!),
            h: format.dimension(h!),
          }),
        },
        {
          id: 'layers',
          label: t('results.layers'),
          value: format.count(result.layers),
          explanation: t('explain.layers', {
            depth: format.dimension(result.windingDepth),
            d: format.dimension(d!),
          }),
        },
        {
          id: 'turns',
          label: t('results.turnsPerLayer'),
          value: format.count(result.turnsPerLayer),
          explanation: t('explain.turns', {
            t: format.dimension(width!),
            d: format.dimension(d!),
          }),
        },
        ...(result.grossWeightKg === undefined
          ? []
          : [
              {
                id: 'weight',
                label: t('results.remainingWeight'),
                value: format.weight(result.grossWeightKg),
                explanation: t('explain.weight', {
                  length: format.kilometres(toMetres(result.practicalLength, state.units) / 1000),
                  w: format.count(w!),
                  tare: format.weight(tare ?? 0),
                }),
              },
            ]),
      ]
    : [];

  const announcement = result
    ? t('announce.remaining', {
        practical: format.length(result.practicalLength),
        theoretical: format.length(result.theoreticalLength),
      })
    : t('announce.incomplete');

  return (
    <div className={styles.mode}>
      <div className={styles.inputs}>
        <CableFields
          state={state}
          update={update}
          errors={errors}
          products={products}
          isLoading={isCatalogLoading}
        />
        <DrumFields
          state={state}
          update={update}
          errors={errors}
          drums={drums}
          isLoading={isCatalogLoading}
        />
        <WindingFields state={state} update={update} errors={errors} heightParam="h" />
      </div>
      <div className={styles.outputs}>
        <ResultList heading={t('results.heading')} items={items} announcement={announcement} />
        {result ? <SaveReading remainingM={toMetres(result.practicalLength, state.units)} /> : null}
        <DrumDiagram
          variant="remaining"
          values={{
            a: a === null ? undefined : format.dimension(a),
            b: b === null ? undefined : format.dimension(b),
            t: width === null ? undefined : format.dimension(width),
            depth: result ? format.dimension(result.windingDepth) : undefined,
            gap: h === null ? undefined : format.dimension(h),
          }}
        />
      </div>
    </div>
  );
}
