import { z } from 'zod';
import { freeText } from './text';
import { NextOffsetSchema, pageQuery } from './paging';

/**
 * What a machine's API key may do: send readings, read the account's drums. A key holds one or
 * both; a call outside its scopes is refused with 403.
 */
export const apiKeyScopes = ['readings:write', 'drums:read'] as const;
export const ApiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

/** Readings one call of the batch endpoint takes at most. */
export const READINGS_PER_CALL_MAX = 1000;

// ---------------------------------------------------------------------------------------------
// Key management (a signed-in account admin)

export const CreateApiKeyRequestSchema = z.object({
  name: freeText({ max: 80, min: 1 }),
  scopes: z
    .array(ApiKeyScopeSchema)
    .min(1)
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      params: { errorCode: 'field.invalid' },
    }),
  /**
   * When the key stops working; it must lie in the future and within the longest lifetime the
   * portal allows. Left out: the longest lifetime, or never when the portal sets none.
   */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;

/** A key as the portal shows it: never the key itself, only its first characters. */
export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Past it the key is refused; null: it never expires. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** When a new secret replaced this one, which works on until `expiresAt`. */
  rotatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer of a creation: the only time the key is ever shown. */
export const CreatedApiKeySchema = z.object({ apiKey: ApiKeySchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/**
 * Rotating a key: a new secret with the same name and scopes; the old one keeps working for the
 * portal's overlap (`rotationOverlapHours`), then expires. The new key's expiry, as at creation.
 */
export const RotateApiKeyRequestSchema = CreateApiKeyRequestSchema.pick({ expiresAt: true });
export type RotateApiKeyRequest = z.infer<typeof RotateApiKeyRequestSchema>;

/** The lifetime rules of the portal's API keys, for the form that creates and rotates them. */
export const ApiKeyPolicySchema = z.object({
  /** The longest a key may live, in days; null: no maximum. */
  maxLifetimeDays: z.number().int().nullable(),
  rotationOverlapHours: z.number().int(),
  expiryWarningDays: z.number().int(),
});
export type ApiKeyPolicy = z.infer<typeof ApiKeyPolicySchema>;

export const ApiKeyListSchema = z.object({
  apiKeys: z.array(ApiKeySchema),
  nextOffset: NextOffsetSchema,
  policy: ApiKeyPolicySchema,
});
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;
/** Newest first. */
export const ApiKeyListQuerySchema = pageQuery(50);

/** A LoRaWAN device EUI: 16 hexadecimal digits (EUI-64), stored upper-case. */
export const DevEuiSchema = z
  .string()
  .regex(/^[0-9A-Fa-f]{16}$/)
  .transform((value) => value.toUpperCase());

export const SensorDeviceSchema = z.object({
  id: z.uuid(),
  devEui: z.string(),
  drum: z.object({ id: z.uuid(), serial: z.string() }).nullable(),
  firstSeenAt: z.iso.datetime({ offset: true }).nullable(),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  uplinks: z.number().int(),
});
export type SensorDevice = z.infer<typeof SensorDeviceSchema>;

export const SensorDeviceListSchema = z.object({
  devices: z.array(SensorDeviceSchema),
  nextOffset: NextOffsetSchema,
});
export type SensorDeviceList = z.infer<typeof SensorDeviceListSchema>;
/** Devices nobody mapped first, then the most recently heard. */
export const SensorDeviceListQuerySchema = pageQuery(50);

/** Maps a device to the drum (null: the drum has no device any more). */
export const SetDrumDeviceRequestSchema = z.object({ devEui: DevEuiSchema.nullable() });
export const DrumDeviceSchema = z.object({ drumId: z.uuid(), devEui: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// /api/v1, the machines' API (Authorization: Bearer <key>)

/** One sensor reading: what is left on the drum, in metres or in % of its initial length. */
export const MachineReadingSchema = z
  .object({
    drumSerial: freeText({ max: 64, min: 1 }),
    remainingLength: z.number().min(0).max(100_000).optional(),
    remainingPercent: z.number().min(0).max(100).optional(),
    measuredAt: z.iso.datetime({ offset: true }),
    /** Battery charge, %. */
    battery: z.number().min(0).max(100).optional(),
    /** Radio signal, dBm. */
    signal: z.number().min(-200).max(50).optional(),
  })
  .refine(
    (reading) =>
      (reading.remainingLength === undefined) !== (reading.remainingPercent === undefined),
    { path: ['remainingLength'], params: { errorCode: 'field.invalid' } },
  )
  .meta({
    id: 'MachineReading',
    description: 'One reading: `remainingLength` (m) or `remainingPercent`, never both.',
  });
export type MachineReading = z.infer<typeof MachineReadingSchema>;

export const ReadingBatchRequestSchema = z
  .object({
    readings: z.array(MachineReadingSchema).min(1).max(READINGS_PER_CALL_MAX),
  })
  .meta({
    id: 'ReadingBatch',
    examples: [
      {
        readings: [
          { drumSerial: 'D-10442', remainingLength: 812.5, measuredAt: '2026-11-23T08:00:00Z' },
          { drumSerial: 'D-10443', remainingPercent: 35, measuredAt: '2026-11-23T08:00:00Z' },
        ],
      },
    ],
  });
export type ReadingBatchRequest = z.infer<typeof ReadingBatchRequestSchema>;

/**
 * Why a reading of a batch was not recorded. `unknown_serial` also answers another account's
 * drum: whether a serial exists elsewhere is never revealed.
 */
export const readingRejectionCodes = [
  'unknown_serial',
  'in_the_future',
  'above_drum_length',
  'before_installation',
] as const;
export const ReadingRejectionCodeSchema = z.enum(readingRejectionCodes);
export type ReadingRejectionCode = z.infer<typeof ReadingRejectionCodeSchema>;

export const ReadingResultSchema = z
  .object({
    /** The reading's position in the request, from 0. */
    index: z.number().int(),
    status: z.enum(['accepted', 'rejected']),
    readingId: z.uuid().optional(),
    code: ReadingRejectionCodeSchema.optional(),
  })
  .meta({ id: 'ReadingResult' });
export type ReadingResult = z.infer<typeof ReadingResultSchema>;

export const ReadingBatchResponseSchema = z
  .object({
    accepted: z.number().int(),
    rejected: z.number().int(),
    results: z.array(ReadingResultSchema),
  })
  .meta({
    id: 'ReadingBatchResult',
    examples: [
      {
        accepted: 1,
        rejected: 1,
        results: [
          { index: 0, status: 'accepted', readingId: '0b7d6c52-4b1e-4f5e-9a51-2f0c8e3d1a77' },
          { index: 1, status: 'rejected', code: 'unknown_serial' },
        ],
      },
    ],
  });
export type ReadingBatchResponse = z.infer<typeof ReadingBatchResponseSchema>;

/** Idempotency-Key: printable ASCII, 1 to 255 characters (a UUID is a good choice). */
export const IdempotencyKeyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional(),
});

export const MachineDrumSchema = z
  .object({
    id: z.uuid(),
    serial: z.string(),
    site: z.string(),
    cableReference: z.string(),
    /** Metres on the drum when it was delivered. */
    initialLength: z.number(),
    devEui: z.string().nullable(),
    lastReading: z
      .object({
        measuredAt: z.iso.datetime({ offset: true }),
        remainingLength: z.number(),
        remainingPercent: z.number(),
        source: z.enum(['manual', 'sensor']),
        battery: z.number().nullable(),
        signal: z.number().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'MachineDrum' });
export type MachineDrum = z.infer<typeof MachineDrumSchema>;

export const MachineDrumListSchema = z
  .object({
    drums: z.array(MachineDrumSchema),
    nextOffset: NextOffsetSchema,
  })
  .meta({
    id: 'MachineDrumList',
    examples: [
      {
        drums: [
          {
            id: '5a0f3f5e-8f7c-4d1e-a7f4-3c2b1d0e9f88',
            serial: 'D-10442',
            site: 'Lyon Gerland',
            cableReference: 'U1000 R2V 3G2.5',
            initialLength: 1000,
            devEui: '70B3D57ED0051A2B',
            lastReading: {
              measuredAt: '2026-11-23T08:00:00Z',
              remainingLength: 812.5,
              remainingPercent: 81.25,
              source: 'sensor',
              battery: 93,
              signal: -97,
            },
          },
        ],
        nextOffset: null,
      },
    ],
  });
/** By serial. */
export const MachineDrumListQuerySchema = pageQuery(200);

/**
 * What a device's payload formatter decodes: `remainingLength` in m or `remainingPercent`, and
 * optionally `battery` in %. Other fields pass unread.
 */
export const LorawanDecodedPayloadSchema = z.object({
  remainingLength: z.number().min(0).max(100_000).optional(),
  remainingPercent: z.number().min(0).max(100).optional(),
  battery: z.number().min(0).max(100).optional(),
});
export type LorawanDecodedPayload = z.infer<typeof LorawanDecodedPayloadSchema>;

/** The gateways that heard an uplink, each with its RSSI (dBm): the best one is the signal. */
const GatewaysHeardSchema = z
  .array(z.object({ rssi: z.number().min(-200).max(50).optional() }))
  .max(100)
  .optional();

/**
 * The Things Stack's uplink message (its webhook's JSON), the parts read here: the device, when
 * it was received, the payload its formatter decoded (`remainingLength` in m or
 * `remainingPercent`, optionally `battery` in %), and the gateways' RSSI. Other fields pass
 * unread.
 */
export const LorawanUplinkSchema = z
  .object({
    end_device_ids: z.object({
      device_id: freeText({ max: 64 }).optional(),
      dev_eui: DevEuiSchema,
    }),
    received_at: z.iso.datetime({ offset: true }),
    uplink_message: z.object({
      f_cnt: z.number().int().min(0).optional(),
      decoded_payload: LorawanDecodedPayloadSchema.optional(),
      rx_metadata: GatewaysHeardSchema,
    }),
  })
  .meta({
    id: 'LorawanUplink',
    examples: [
      {
        end_device_ids: { device_id: 'drum-gauge-17', dev_eui: '70B3D57ED0051A2B' },
        received_at: '2026-11-23T08:00:00Z',
        uplink_message: {
          f_cnt: 412,
          decoded_payload: { remainingLength: 812.5, battery: 93 },
          rx_metadata: [{ rssi: -97 }],
        },
      },
    ],
  });
export type LorawanUplink = z.infer<typeof LorawanUplinkSchema>;

/**
 * ChirpStack v4's JSON uplink event, as it publishes it to MQTT
 * (`application/{applicationId}/device/{devEui}/event/up`), the parts read here: the
 * deduplication id (one per uplink, the same on every copy), when it was received, the device
 * and its application, the frame counter, the payload its codec decoded (`object`, read as
 * LorawanDecodedPayloadSchema), and the gateways' RSSI. Other fields pass unread.
 */
export const ChirpstackUplinkSchema = z.object({
  deduplicationId: z.string().min(1).max(64).optional(),
  /** Absent when no gateway knew the time: the reading is then dated when it is received. */
  time: z.iso.datetime({ offset: true }).optional(),
  deviceInfo: z.object({
    applicationId: z.string().min(1).max(64),
    devEui: DevEuiSchema,
  }),
  fCnt: z.number().int().min(0).optional(),
  object: LorawanDecodedPayloadSchema.optional(),
  rxInfo: GatewaysHeardSchema,
});
export type ChirpstackUplink = z.infer<typeof ChirpstackUplinkSchema>;

/**
 * What became of an uplink: a reading recorded or rejected (with its code), a device no drum is
 * mapped to yet (kept in the account's device list), or an uplink without a reading in it.
 */
export const LorawanIngestResponseSchema = z
  .object({
    status: z.enum(['accepted', 'rejected', 'unmapped', 'no_reading']),
    readingId: z.uuid().optional(),
    code: ReadingRejectionCodeSchema.optional(),
  })
  .meta({
    id: 'LorawanIngestResult',
    examples: [{ status: 'accepted', readingId: '0b7d6c52-4b1e-4f5e-9a51-2f0c8e3d1a77' }],
  });
export type LorawanIngestResponse = z.infer<typeof LorawanIngestResponseSchema>;
