import type { CableProduct, DrumType } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useNumberFormat } from '../hooks/use-number-format';
import type { CalculatorPatch, CalculatorState, NumericParam } from '../lib/calculator-params';
import {
  calculateCapacity,
  calculateRemaining,
  toMetres,
  validateCapacity,
  validateRemaining,
  type FieldErrorCode,
  type WindingResult,
} from '../lib/drum-calculations';
import { DrumDiagram } from './drum-diagram';
import { CableFields, DrumFields, WindingFields } from './input-fields';
import { ResultList, type ResultItem } from './result-list';
import { fieldErrorsByParam } from './field-errors';
import { SaveReading } from './save-reading';
import { RequestRefillWithThis } from './calculator-actions';
import styles from './calculator.module.css';

export interface ModeProps {
  state: CalculatorState;
  update: (patch: CalculatorPatch) => void;
  products: CableProduct[] | undefined;
  drums: DrumType[] | undefined;
  isCatalogLoading: boolean;
}

type Values = CalculatorState['values'];
type WindingVariant = 'capacity' | 'remaining';

const commonParams = {
  flangeDiameter: 'a',
  barrelDiameter: 'b',
  innerWidth: 't',
  cableDiameter: 'd',
  efficiency: 'e',
  weightKgPerKm: 'w',
  tareKg: 'tare',
} as const;

const commonFields = (values: Values) => ({
  flangeDiameter: values.a,
  barrelDiameter: values.b,
  innerWidth: values.t,
  cableDiameter: values.d,
  efficiency: values.e,
  weightKgPerKm: values.w,
  tareKg: values.tare,
});

/**
 * The two modes that wind a cable on one drum down to a gap below the flange rim: what the drum
 * holds, leaving the freeboard f, and what is left on it, from the free height h measured on
 * site. They differ in the gap's name, its rules, and the words of the results.
 */
const variants = {
  capacity: {
    gapParam: 'f',
    depthSymbol: 'H',
    validate: (values: Values) =>
      fieldErrorsByParam(validateCapacity({ ...commonFields(values), freeboard: values.f }), {
        ...commonParams,
        freeboard: 'f',
      }),
    calculate: (common: WindingCommon, gap: number, units: CalculatorState['units']) =>
      calculateCapacity({ ...common, freeboard: gap }, units),
    keys: {
      practical: 'results.practicalLength',
      theoretical: 'results.theoreticalLength',
      depth: 'results.windingDepth',
      depthExplanation: 'explain.depth',
      weight: 'results.grossWeight',
      announcement: 'announce.capacity',
    },
  },
  remaining: {
    gapParam: 'h',
    depthSymbol: 'H′',
    validate: (values: Values) =>
      fieldErrorsByParam(validateRemaining({ ...commonFields(values), freeHeight: values.h }), {
        ...commonParams,
        freeHeight: 'h',
      }),
    calculate: (common: WindingCommon, gap: number, units: CalculatorState['units']) =>
      calculateRemaining({ ...common, freeHeight: gap }, units),
    keys: {
      practical: 'results.remainingPractical',
      theoretical: 'results.remainingTheoretical',
      depth: 'results.remainingDepth',
      depthExplanation: 'explain.remainingDepth',
      weight: 'results.remainingWeight',
      announcement: 'announce.remaining',
    },
  },
} satisfies Record<
  WindingVariant,
  {
    gapParam: 'f' | 'h';
    /** The winding depth's letter in the formulas and on the diagram. */
    depthSymbol: string;
    validate: (values: Values) => Partial<Record<NumericParam, FieldErrorCode>>;
    calculate: (common: WindingCommon, gap: number, units: CalculatorState['units']) => unknown;
    keys: Record<string, string>;
  }
>;

type WindingCommon = Omit<Parameters<typeof calculateCapacity>[0], 'freeboard'>;

/** How much cable a drum holds. */
export function CapacityMode(props: ModeProps) {
  return <WindingMode variant="capacity" {...props} />;
}

/** How much cable is left on a drum, from the measured free flange height h. */
export function RemainingMode(props: ModeProps) {
  return <WindingMode variant="remaining" {...props} />;
}

function WindingMode({
  variant,
  state,
  update,
  products,
  drums,
  isCatalogLoading,
}: ModeProps & { variant: WindingVariant }) {
  const { t } = useTranslation('calculator');
  const format = useNumberFormat(state.units);
  const { gapParam, depthSymbol, validate, calculate, keys } = variants[variant];
  const { a, b, t: width, d, e, w, tare } = state.values;
  const gap = state.values[gapParam];
  const errors = validate(state.values);
  const result: WindingResult | undefined =
    Object.keys(errors).length === 0
      ? calculate(
          {
            drum: { flangeDiameter: a!, barrelDiameter: b!, innerWidth: width! },
            cable: { diameter: d!, weightKgPerKm: w ?? undefined },
            efficiency: e!,
            tareKg: tare ?? undefined,
          },
          gap!,
          state.units,
        )
      : undefined;

  const items: ResultItem[] = result
    ? [
        {
          id: 'practical',
          label: t(keys.practical, { efficiency: format.count(e!) }),
          value: format.length(result.practicalLength),
          explanation: t('explain.practical', {
            theoretical: format.length(result.theoreticalLength),
            efficiency: format.count(e!),
          }),
          isMain: true,
        },
        {
          id: 'theoretical',
          label: t(keys.theoretical),
          value: format.length(result.theoreticalLength),
          explanation: t('explain.length', {
            H: depthSymbol,
            depth: format.dimension(result.windingDepth),
            b: format.dimension(b!),
            t: format.dimension(width!),
            d: format.dimension(d!),
          }),
        },
        {
          id: 'depth',
          label: t(keys.depth),
          value: format.dimension(result.windingDepth),
          explanation: t(keys.depthExplanation, {
            a: format.dimension(a!),
            b: format.dimension(b!),
            [gapParam]: format.dimension(gap!),
          }),
        },
        {
          id: 'layers',
          label: t('results.layers'),
          value: format.count(result.layers),
          explanation: t('explain.layers', {
            H: depthSymbol,
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
                label: t(keys.weight),
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
    ? t(keys.announcement, {
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
        <WindingFields state={state} update={update} errors={errors} heightParam={gapParam} />
      </div>
      <div className={styles.outputs}>
        <ResultList heading={t('results.heading')} items={items} announcement={announcement} />
        {result && variant === 'remaining' ? (
          <SaveReading remainingM={toMetres(result.practicalLength, state.units)} />
        ) : null}
        {result ? <RequestRefillWithThis cable={state.cable} drum={state.drum} /> : null}
        <DrumDiagram
          variant={variant}
          values={{
            a: a === null ? undefined : format.dimension(a),
            b: b === null ? undefined : format.dimension(b),
            t: width === null ? undefined : format.dimension(width),
            depth: result ? format.dimension(result.windingDepth) : undefined,
            gap: gap === null ? undefined : format.dimension(gap),
          }}
        />
      </div>
    </div>
  );
}
