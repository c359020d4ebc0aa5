import { useId, useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { Dropdown } from '@portal/ui/dropdown';
import { TextField } from '@portal/ui/text-field';
import type { SensorDevice } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { showErrorToasts } from '../error-toasts';
import { toaster } from '../toaster';
import { useSetDrumDevice } from './device-mutations';
import { useDevices } from './get-devices';
import type { IntegrationBase } from './integration-keys';
import { useIntegrationFormat } from './use-integration-format';
import styles from './integration.module.css';

/** A drum a sensor may be mapped to. */
export interface MappableDrum {
  id: string;
  serial: string;
}

export interface DevicesPanelProps {
  /** Whose devices: the admin's own account, or staff's view of one. */
  base: IntegrationBase;
  /** The account's drums, the choices of a mapping; undefined while they load. */
  drums: readonly MappableDrum[] | undefined;
  /** Whether devices may be mapped and unmapped here. */
  canManage: boolean;
  /** The level of the section's heading (2 on its own page, 3 inside an account's page). */
  headingLevel?: 2 | 3;
}

/** A device EUI as the API takes it: 16 hexadecimal digits, spaces, dashes and colons ignored. */
const EUI_PATTERN = /^[0-9A-F]{16}$/;
const normaliseEui = (value: string) => value.replace(/[\s:-]/g, '').toUpperCase();

function useDrumDropdownLabels() {
  const { t } = useTranslation(['integration', 'errors']);
  return {
    placeholder: t('devices.dropdown.placeholder'),
    search: t('devices.dropdown.search'),
    noResult: t('devices.dropdown.noResult'),
    displayMore: t('devices.dropdown.displayMore'),
    clear: t('devices.dropdown.clear'),
    loading: t('devices.dropdown.loading'),
    selected: (count: number) => String(count),
  };
}

/** Maps a device to a drum (or clears it), and says which in a toast. */
function useMapDevice(base: IntegrationBase) {
  const { t } = useTranslation(['integration', 'errors']);
  const set = useSetDrumDevice(base);
  const map = (devEui: string, drum: MappableDrum, onDone?: () => void) =>
    set.mutate(
      { drumId: drum.id, devEui },
      {
        onSuccess: () => {
          toaster.show({
            type: 'success',
            title: t('integration:devices.mapped', { devEui, serial: drum.serial }),
          });
          onDone?.();
        },
        onError: (error) => showErrorToasts(error, t),
      },
    );
  const unmap = (devEui: string, drumId: string) =>
    set.mutate(
      { drumId, devEui: null },
      {
        onSuccess: () =>
          toaster.show({ type: 'success', title: t('integration:devices.cleared', { devEui }) }),
        onError: (error) => showErrorToasts(error, t),
      },
    );
  return { map, unmap, isPending: set.isPending };
}

function DeviceRow({
  base,
  device,
  drums,
  canManage,
}: {
  base: IntegrationBase;
  device: SensorDevice;
  drums: readonly MappableDrum[];
  canManage: boolean;
}) {
  const { t } = useTranslation(['integration', 'errors']);
  const f = useIntegrationFormat();
  const labels = useDrumDropdownLabels();
  const { map, unmap, isPending } = useMapDevice(base);
  const [drumId, setDrumId] = useState<string | null>(null);
  const chosen = drums.find((drum) => drum.id === drumId);
  return (
    <li className={styles.row} data-state={device.drum ? 'mapped' : 'unmapped'}>
      <div className={styles.what}>
        <strong>
          <code className={styles.inline}>{device.devEui}</code>
        </strong>
        <span>
          {device.drum
            ? t('devices.mappedTo', { serial: device.drum.serial })
            : t('devices.unmapped')}
        </span>
        <span className={styles.muted}>
          {device.lastSeenAt
            ? t('devices.uplinks', { count: device.uplinks, date: f.dateTime(device.lastSeenAt) })
            : t('devices.neverHeard')}
        </span>
      </div>
      {canManage ? (
        <div className={styles.actions}>
          {device.drum ? (
            <Button
              variant="outlined"
              size="small"
              isPending={isPending}
              pendingLabel={t('devices.saving')}
              onPress={() => unmap(device.devEui, device.drum!.id)}
            >
              {t('devices.unmap', { devEui: device.devEui })}
            </Button>
          ) : drums.length ? (
            <>
              <div className={styles.drumPicker}>
                <Dropdown<MappableDrum>
                  label={t('devices.drumFor', { devEui: device.devEui })}
                  options={[...drums]}
                  keyField="id"
                  labelField="serial"
                  isSearchable={drums.length > 8}
                  value={drumId}
                  onChange={setDrumId}
                  labels={labels}
                />
              </div>
              <Button
                size="small"
                isDisabled={!chosen}
                isPending={isPending}
                pendingLabel={t('devices.saving')}
                onPress={() => chosen && map(device.devEui, chosen, () => setDrumId(null))}
              >
                {t('devices.map', { devEui: device.devEui })}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Maps a device not heard yet (or any device) by typing its EUI. */
function MapByEuiForm({
  base,
  drums,
  headingLevel,
}: {
  base: IntegrationBase;
  drums: readonly MappableDrum[];
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation(['integration', 'errors']);
  const labels = useDrumDropdownLabels();
  const { map, isPending } = useMapDevice(base);
  const [devEui, setDevEui] = useState('');
  const [drumId, setDrumId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ devEui?: string; drum?: string }>({});
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h3' : 'h4';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const eui = normaliseEui(devEui);
    const drum = drums.find((candidate) => candidate.id === drumId);
    const found = {
      devEui: EUI_PATTERN.test(eui) ? undefined : t('devices.add.devEuiInvalid'),
      drum: drum ? undefined : t('devices.add.drumRequired'),
    };
    setErrors(found);
    if (found.devEui || !drum) return;
    map(eui, drum, () => {
      setDevEui('');
      setDrumId(null);
    });
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Heading id={headingId}>{t('devices.add.title')}</Heading>
      <TextField
        label={t('devices.add.devEui')}
        description={t('devices.add.devEuiHelp')}
        value={devEui}
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        onChange={(event) => setDevEui(event.target.value)}
        errorText={errors.devEui}
        isRequired
      />
      <Dropdown<MappableDrum>
        label={t('devices.add.drum')}
        options={[...drums]}
        keyField="id"
        labelField="serial"
        isSearchable={drums.length > 8}
        value={drumId}
        onChange={setDrumId}
        errorText={errors.drum}
        isRequired
        labels={labels}
      />
      <div>
        <Button type="submit" isPending={isPending} pendingLabel={t('devices.saving')}>
          {t('devices.add.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * An account's LoRaWAN sensors, those no drum is mapped to first: each with its EUI, its drum
 * and when it was last heard. Those who manage map a sensor to one of the account's drums, clear
 * a mapping, or map a sensor by its EUI before it is first heard.
 */
export function DevicesPanel({ base, drums, canManage, headingLevel = 2 }: DevicesPanelProps) {
  const { t } = useTranslation(['integration', 'errors']);
  const devices = useDevices(base);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (devices.isError) throw devices.error;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId}>{t('devices.title')}</Heading>
      <p>{t('devices.intro')}</p>
      {!devices.data ? (
        <p role="status">{t('loading')}</p>
      ) : devices.data.length === 0 ? (
        <p>{t('devices.none')}</p>
      ) : (
        <ul className={styles.list}>
          {devices.data.map((device) => (
            <DeviceRow
              key={device.id}
              base={base}
              device={device}
              drums={drums ?? []}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
      {devices.hasNextPage ? (
        <div>
          <Button
            variant="outlined"
            size="small"
            isPending={devices.isFetchingNextPage}
            pendingLabel={t('loading')}
            onPress={() => void devices.fetchNextPage()}
          >
            {t('more')}
          </Button>
        </div>
      ) : null}
      {canManage && drums ? (
        drums.length ? (
          <MapByEuiForm base={base} drums={drums} headingLevel={headingLevel} />
        ) : (
          <p>{t('devices.noDrums')}</p>
        )
      ) : null}
    </section>
  );
}
