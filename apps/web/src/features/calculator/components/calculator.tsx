import { useEffect } from 'react';
import { RadioGroup } from '@portal/ui/radio';
import { Tabs } from '@portal/ui/tabs';
import { useTranslation } from '@/lib/i18n';
import { useCableProducts } from '../api/get-cable-products';
import { useDrumTypes } from '../api/get-drum-types';
import { useCalculatorState } from '../hooks/use-calculator-state';
import {
  calculatorModes,
  convertValues,
  dimensionIn,
  type CalculatorMode,
} from '../lib/calculator-params';
import type { UnitSystem } from '../lib/drum-calculations';
import { CapacityMode, RemainingMode } from './winding-mode';
import { DrumChoiceMode } from './drum-choice-mode';
import styles from './calculator.module.css';

const modeComponents = {
  capacity: CapacityMode,
  remaining: RemainingMode,
  drum: DrumChoiceMode,
} satisfies Record<CalculatorMode, unknown>;

/**
 * The drum calculator: three modes as tabs, sharing one set of inputs kept in the URL, so
 * switching modes keeps the cable and the drum, and a link reproduces the calculation.
 */
export function Calculator() {
  const { t } = useTranslation('calculator');
  const [state, update] = useCalculatorState();
  const products = useCableProducts();
  const drums = useDrumTypes();
  const isCatalogLoading = products.isPending || drums.isPending;
  const catalogFailed = products.isError || drums.isError;

  // A link that names a standard drum or a catalogue cable without their figures (the drum
  // detail's) gets them from the catalogue, as if they had been picked.
  const { values } = state;
  const unitSystem = state.units;
  const namedDrum = state.drum ? drums.data?.find((drum) => drum.code === state.drum) : undefined;
  const namedCable = state.cable
    ? products.data?.find((product) => product.reference === state.cable)
    : undefined;
  const drumNeedsFigures = namedDrum && values.a === null && values.b === null && values.t === null;
  const cableNeedsFigures = namedCable && values.d === null && values.w === null;
  useEffect(() => {
    if (!drumNeedsFigures && !cableNeedsFigures) return;
    update({
      ...(cableNeedsFigures && namedCable ? { tapeShielded: namedCable.tapeShielded } : {}),
      values: {
        ...(drumNeedsFigures && namedDrum
          ? {
              a: dimensionIn(namedDrum.flangeDiameterMm, unitSystem),
              b: dimensionIn(namedDrum.barrelDiameterMm, unitSystem),
              t: dimensionIn(namedDrum.innerWidthMm, unitSystem),
              tare: namedDrum.tareKg,
            }
          : {}),
        ...(cableNeedsFigures && namedCable
          ? {
              d: dimensionIn(namedCable.outerDiameterMm, unitSystem),
              w: namedCable.weightKgPerKm,
              kv: namedCable.voltageKv,
            }
          : {}),
      },
    });
  }, [drumNeedsFigures, cableNeedsFigures, namedDrum, namedCable, unitSystem, update]);

  const switchUnits = (units: string) => {
    const next: UnitSystem = units === 'imperial' ? 'imperial' : 'metric';
    if (next === state.units) return;
    update({ units: next, values: convertValues(state.values, state.units, next) });
  };

  return (
    <div className={styles.calculator}>
      <div className={styles.toolbar}>
        <RadioGroup
          label={t('units.label')}
          orientation="horizontal"
          value={state.units}
          onChange={switchUnits}
          options={[
            { value: 'metric', label: t('units.metric.name') },
            { value: 'imperial', label: t('units.imperial.name') },
          ]}
        />
        <p className={styles.weightNote}>{t('units.weightNote')}</p>
      </div>
      {catalogFailed ? (
        <p className={styles.catalogError} role="alert">
          {t('catalogError')}
        </p>
      ) : null}
      <Tabs
        label={t('modes.label')}
        selectedId={state.mode}
        onChange={(id) => {
          const mode = calculatorModes.find((candidate) => candidate === id);
          if (mode) update({ mode });
        }}
        items={calculatorModes.map((mode) => {
          const Mode = modeComponents[mode];
          return {
            id: mode,
            label: t(`modes.${mode}`),
            content: (
              <Mode
                state={state}
                update={update}
                products={products.data}
                drums={drums.data}
                isCatalogLoading={isCatalogLoading}
              />
            ),
          };
        })}
      />
    </div>
  );
}
