import { useTranslation } from 'react-i18next';
import type { CableProduct, DrumType } from '@portal/contract';
import { useNumberFormat } from '../hooks/use-number-format';
import type { CalculatorPatch, CalculatorState } from '../lib/calculator-params';
import {
  calculateCapacity,
  toMetres,
  validateCapacity,
  type CapacityField,
} from '../lib/drum-calculations';
import { DrumDiagram } from './drum-diagram';
import { CableFields, DrumFields, WindingFields } from './input-fields';
import { ResultList, type ResultItem } from './result-list';
import { fieldErrorsByParam } from './field-errors';
import styles from './calculator.module.css';

export interface ModeProps {
  state: CalculatorState;
  update: (patch: CalculatorPatch) => void;
  products: CableProduct[] | undefined;
  drums: DrumType[] | undefined;
  isCatalogLoading: boolean;
}

const paramOf: Record<CapacityField, keyof CalculatorState['values']> = {
  flangeDiameter: 'a',
  barrelDiameter: 'b',
  innerWidth: 't',
  cableDiameter: 'd',
  freeboard: 'f',
  efficiency: 'e',
  weightKgPerKm: 'w',
  tareKg: 'tare',
};

/** How much cable a drum holds. */
export function CapacityMode({ state, update, products, drums, isCatalogLoading }: ModeProps) {
  const { t } = useTranslation('calculator');
  const format = useNumberFormat(state.units);
  const { a, b, t: width, d, f, e, w, tare } = state.values;
  const fields = {
    flangeDiameter: a,
    barrelDiameter: b,
    innerWidth: width,
    cableDiameter: d,
    freeboard: f,
    efficiency: e,
    weightKgPerKm: w,
    tareKg: tare,
  };
  const validation = validateCapacity(fields);
  const errors = fieldErrorsByParam(validation, paramOf);
  const isValid = Object.keys(validation).length === 0;
  const result = isValid
    ? calculateCapacity(
        {
          drum: { flangeDiameter: a!, barrelDiameter: b!, innerWidth: width! },
          cable: { diameter: d!, weightKgPerKm: w ?? undefined },
          freeboard: f!,
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
          label: t('results.practicalLength', { efficiency: format.count(e!) }),
          value: format.length(result.practicalLength),
          explanation: t('explain.practical', {
            theoretical: format.length(result.theoreticalLength),
            efficiency: format.count(e!),
          }),
          isMain: true,
        },
        {
          id: 'theoretical',
          label: t('results.theoreticalLength'),
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
          label: t('results.windingDepth'),
          value: format.dimension(result.windingDepth),
          explanation: t('explain.depth', {
            a: format.dimension(a!),
            b: format.dimension(b!),
            f: format.dimension(f!),
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
                label: t('results.grossWeight'),
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
    ? t('announce.capacity', {
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
        <WindingFields state={state} update={update} errors={errors} heightParam="f" />
      </div>
      <div className={styles.outputs}>
        <ResultList heading={t('results.heading')} items={items} announcement={announcement} />
        <DrumDiagram
          variant="capacity"
          values={{
            a: a === null ? undefined : format.dimension(a),
            b: b === null ? undefined : format.dimension(b),
            t: width === null ? undefined : format.dimension(width),
            depth: result ? format.dimension(result.windingDepth) : undefined,
            gap: f === null ? undefined : format.dimension(f),
          }}
        />
      </div>
    </div>
  );
}
