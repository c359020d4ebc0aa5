import { useMemo, useState } from 'react';
import type { CableProduct, DrumType } from '@portal/contract';
import { Checkbox } from '@portal/ui/checkbox';
import { Dropdown, type DropdownLabels } from '@portal/ui/dropdown';
import { NumberInput } from '@portal/ui/number-input';
import { useTranslation } from '@/lib/i18n';
import {
  dimensionIn,
  type CalculatorPatch,
  type CalculatorState,
  type NumericParam,
} from '../lib/calculator-params';
import type { FieldErrorCode } from '../lib/drum-calculations';
import styles from './calculator.module.css';

/** What every field group receives: the state, its setter and the current field errors. */
export interface FieldGroupProps {
  state: CalculatorState;
  update: (patch: CalculatorPatch) => void;
  errors: Partial<Record<NumericParam, FieldErrorCode>>;
}

function useDropdownLabels(): Partial<DropdownLabels> {
  const { t } = useTranslation('calculator');
  return useMemo(
    () => ({
      noResult: t('dropdown.noResult'),
      search: t('dropdown.search'),
      placeholder: t('dropdown.placeholder'),
      clear: t('dropdown.clear'),
      loading: t('dropdown.loading'),
      displayMore: t('dropdown.displayMore'),
    }),
    [t],
  );
}

interface NumberFieldProps extends FieldGroupProps {
  name: NumericParam;
  label: string;
  unit?: string;
  description?: string;
  step?: number;
  /** Extra state changes when the user types here, e.g. forgetting the picked catalogue item. */
  onTyped?: CalculatorPatch;
}

/**
 * One numeric input bound to a URL param, with its translated field error. An empty field says
 * nothing until it has been left: a form that just opened shows no error.
 */
export function NumberField({
  state,
  update,
  errors,
  name,
  label,
  unit,
  description,
  step,
  onTyped,
}: NumberFieldProps) {
  const { t, i18n } = useTranslation('calculator');
  const [hasBeenLeft, setHasBeenLeft] = useState(false);
  const value = state.values[name];
  const code = hasBeenLeft || value !== null ? errors[name] : undefined;
  return (
    <NumberInput
      label={label}
      unit={unit}
      description={description}
      step={step}
      value={value}
      onChange={(next) => update({ ...onTyped, values: { [name]: next } })}
      onBlur={() => setHasBeenLeft(true)}
      // Typed as the results are written: "0,8" in French.
      decimalSeparator={i18n.language === 'en' ? '.' : ','}
      errorText={code ? t(`fieldErrors.${code}`) : undefined}
    />
  );
}

interface CableFieldsProps extends FieldGroupProps {
  products: CableProduct[] | undefined;
  isLoading: boolean;
  /** The drum choice also needs the voltage and the screen type (barrel rule). */
  withRating?: boolean;
}

/** The cable: picked from the catalogue (fills d, kg/km, kV, screen) or typed. */
export function CableFields({
  products,
  isLoading,
  withRating = false,
  ...group
}: CableFieldsProps) {
  const { t, i18n } = useTranslation('calculator');
  const labels = useDropdownLabels();
  const { state, update } = group;
  const dimensionUnit = t(`units.${state.units}.dimension`);
  const forgetCable: CalculatorPatch = { cable: null };
  const options = useMemo(
    () =>
      (products ?? []).map((product) => ({
        ...product,
        label: `${product.reference} – ${
          i18n.language === 'en' ? product.designationEn : product.designationFr
        }`,
      })),
    [products, i18n.language],
  );
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('cable.legend')}</legend>
      <Dropdown
        label={t('cable.pick')}
        description={t('cable.pickHelp')}
        options={options}
        keyField="reference"
        labelField="label"
        groupField="family"
        isSearchable
        isClearable
        isPending={isLoading}
        labels={labels}
        value={state.cable}
        onChange={(reference, product) => {
          if (!reference || !product) {
            update({ cable: null });
            return;
          }
          update({
            cable: reference,
            tapeShielded: product.tapeShielded,
            values: {
              d: dimensionIn(product.outerDiameterMm, state.units),
              w: product.weightKgPerKm,
              kv: product.voltageKv,
            },
          });
        }}
      />
      <div className={styles.fields}>
        <NumberField
          {...group}
          name="d"
          label={t('fields.d')}
          unit={dimensionUnit}
          step={0.1}
          onTyped={forgetCable}
        />
        <NumberField
          {...group}
          name="w"
          label={t('fields.w')}
          description={t('fields.wHelp')}
          unit={t('units.kgPerKm')}
          step={10}
          onTyped={forgetCable}
        />
        {withRating ? (
          <NumberField
            {...group}
            name="kv"
            label={t('fields.kv')}
            unit={t('units.kv')}
            step={0.1}
            onTyped={forgetCable}
          />
        ) : null}
      </div>
      {withRating ? (
        <Checkbox
          label={t('fields.tape')}
          description={t('fields.tapeHelp')}
          isSelected={state.tapeShielded}
          onChange={(selected) => update({ cable: null, tapeShielded: selected })}
        />
      ) : null}
    </fieldset>
  );
}

interface DrumFieldsProps extends FieldGroupProps {
  drums: DrumType[] | undefined;
  isLoading: boolean;
}

/** The drum: picked from the standard list (fills A, B, T and tare) or typed. */
export function DrumFields({ drums, isLoading, ...group }: DrumFieldsProps) {
  const { t } = useTranslation('calculator');
  const labels = useDropdownLabels();
  const { state, update } = group;
  const dimensionUnit = t(`units.${state.units}.dimension`);
  const forgetDrum: CalculatorPatch = { drum: null };
  const options = useMemo(
    () =>
      (drums ?? []).map((drum) => ({
        ...drum,
        label: t('drum.option', {
          code: drum.code,
          a: drum.flangeDiameterMm,
          b: drum.barrelDiameterMm,
          t: drum.innerWidthMm,
        }),
      })),
    [drums, t],
  );
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('drum.legend')}</legend>
      <Dropdown
        label={t('drum.pick')}
        options={options}
        keyField="code"
        labelField="label"
        isClearable
        isPending={isLoading}
        labels={labels}
        value={state.drum}
        onChange={(code, drum) => {
          if (!code || !drum) {
            update({ drum: null });
            return;
          }
          update({
            drum: code,
            values: {
              a: dimensionIn(drum.flangeDiameterMm, state.units),
              b: dimensionIn(drum.barrelDiameterMm, state.units),
              t: dimensionIn(drum.innerWidthMm, state.units),
              tare: drum.tareKg,
            },
          });
        }}
      />
      <div className={styles.fields}>
        <NumberField
          {...group}
          name="a"
          label={t('fields.a')}
          unit={dimensionUnit}
          step={10}
          onTyped={forgetDrum}
        />
        <NumberField
          {...group}
          name="b"
          label={t('fields.b')}
          unit={dimensionUnit}
          step={10}
          onTyped={forgetDrum}
        />
        <NumberField
          {...group}
          name="t"
          label={t('fields.t')}
          unit={dimensionUnit}
          step={10}
          onTyped={forgetDrum}
        />
        <NumberField
          {...group}
          name="tare"
          label={t('fields.tare')}
          description={t('fields.tareHelp')}
          unit={t('units.kg')}
          step={5}
          onTyped={forgetDrum}
        />
      </div>
    </fieldset>
  );
}

/** The winding settings: freeboard f (or the measured height h) and the fill efficiency. */
export function WindingFields({
  heightParam,
  ...group
}: FieldGroupProps & { heightParam: 'f' | 'h' }) {
  const { t } = useTranslation('calculator');
  const dimensionUnit = t(`units.${group.state.units}.dimension`);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('winding.legend')}</legend>
      <div className={styles.fields}>
        {heightParam === 'f' ? (
          <NumberField
            {...group}
            name="f"
            label={t('fields.f')}
            description={t('fields.fHelp')}
            unit={dimensionUnit}
            step={5}
          />
        ) : (
          <NumberField
            {...group}
            name="h"
            label={t('fields.h')}
            description={t('fields.hHelp')}
            unit={dimensionUnit}
            step={5}
          />
        )}
        <NumberField
          {...group}
          name="e"
          label={t('fields.e')}
          description={t('fields.eHelp')}
          step={0.05}
        />
      </div>
    </fieldset>
  );
}
