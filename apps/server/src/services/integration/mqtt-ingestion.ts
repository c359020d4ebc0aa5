import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient, type Packet } from 'mqtt';
import { sql } from 'drizzle-orm';
import { ChirpstackUplinkSchema, type ChirpstackUplink } from '@portal/contract';
import type { MqttSettings } from '../../config/env';
import { queryRows, type Database } from '../../db/client';
import type { Clock } from '../clock';
import type { SyncDrumAlertsDeps } from '../refill/sync-drum-alerts';
import { claimKeys } from './idempotency';
import { recordUplinks, type SensorUplink } from './sensor-devices';

/** The idempotency keys of uplinks are kept under this operation, beside the API's. */
const OPERATION = 'MQTT ChirpStack uplink';
/** Uplinks recorded in one transaction at most. */
const MAX_BATCH = 2000;
/** How long the first uplink of a batch waits for others before the batch is recorded. */
const GATHER_MS = 10;
/**
 * Uplinks the broker may send before their acknowledgements (MQTT 5 Receive Maximum): enough
 * for full batches while one commits, bounded so a backlog is not all held in memory.
 */
const RECEIVE_MAXIMUM = 3 * MAX_BATCH;
/** After a failed batch, how long before the connection is renewed to have it sent again. */
const RETRY_MS = 1000;

export interface MqttIngestionOptions {
  db: Database;
  mqtt: MqttSettings;
  deps: SyncDrumAlertsDeps;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Readings raised alerts: their mails and webhooks are queued. */
  onAlertsRaised: () => void;
  /** Readings were recorded (committed): how many. */
  onReadingsRecorded?: (count: number) => void;
}

interface Held {
  topic: string;
  payload: Buffer;
  /** The acknowledgement MQTT.js would have sent at once; sent once the batch committed. */
  puback?: Packet;
}

type SendPacket = (packet: Packet, callback?: () => void, ...rest: unknown[]) => void;

/**
 * Takes ChirpStack v4's JSON uplink events from an MQTT broker and records them as the LoRaWAN
 * webhook does (recordUplinks), in batches. A message is acknowledged only once its batch has
 * committed: QoS 1 subscriptions on a persistent session (clean: false, a stable client id)
 * make the broker keep what this instance has not acknowledged, through a lost connection or a
 * restart, and send it again. Each uplink's idempotency key (ChirpStack's deduplication id, else
 * device, frame counter and time) makes the second copy a no-op. Shared subscriptions
 * (`$share/<group>/…`) give each message to one instance of the group.
 */
export class MqttIngestion {
  private client: MqttClient | undefined;
  private held: Held[] = [];
  private gatherTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: MqttIngestionOptions) {}

  /**
   * Resolves once the broker holds this instance's subscriptions (a kept session already has
   * them). The server does not wait for it: a broker down at start is retried every second.
   */
  ready: Promise<void> = Promise.resolve();

  /** Connects and subscribes; MQTT.js reconnects on its own after a lost connection. */
  start(): void {
    this.stopped = false;
    const { mqtt: settings } = this.options;
    const connectOptions: IClientOptions = {
      clientId: settings.clientId,
      clean: false,
      protocolVersion: 5,
      // The broker keeps the session (and the messages for it) until this instance comes back.
      properties: { sessionExpiryInterval: 0xffffffff, receiveMaximum: RECEIVE_MAXIMUM },
      username: settings.username,
      password: settings.password,
      reconnectPeriod: RETRY_MS,
      resubscribe: false,
    };
    const client = mqtt.connect(settings.url, connectOptions);
    this.client = client;
    this.deferAcknowledgements(client);
    client.handleMessage = (packet, callback) => {
      const entry: Held = {
        topic: packet.topic,
        payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
      };
      this.held.push(entry);
      // MQTT.js sends the acknowledgement as soon as this calls back: deferAcknowledgements
      // keeps it for this entry.
      if (packet.qos > 0) this.awaitingAck = entry;
      callback();
      this.awaitingAck = undefined;
      this.scheduleFlush();
    };
    client.on('error', (error) => this.options.log.warn({ err: error }, 'MQTT: connection error'));
    let subscribed: () => void = () => undefined;
    this.ready = new Promise((resolve) => (subscribed = resolve));
    // A session the broker kept answers sessionPresent: its subscriptions are still there.
    client.on('connect', (connack) => {
      if (connack.sessionPresent) subscribed();
      else void this.subscribe(client).then(subscribed);
    });
  }

  /** Records what it holds, then disconnects: what it has not acknowledged stays at the broker. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.gatherTimer);
    await this.flushing;
    while (this.held.length) await this.flush();
    await this.client?.endAsync();
    this.client = undefined;
  }

  /** Breaks the connection without a goodbye, as a lost network does (tests). */
  dropConnection(): void {
    this.client?.stream.destroy();
  }

  private async subscribe(client: MqttClient): Promise<void> {
    const { topics, shareGroup } = this.options.mqtt;
    try {
      await client.subscribeAsync(
        topics.map((topic) => `$share/${shareGroup}/${topic}`),
        { qos: 1 },
      );
    } catch (error) {
      this.options.log.error({ err: error }, 'MQTT: subscription refused');
    }
  }

  /**
   * MQTT.js acknowledges a QoS 1 message as soon as handleMessage returns, and hands over the
   * next one only then. Its acknowledgement is kept here instead and sent once the batch has
   * committed, so messages keep coming while a batch is recorded.
   */
  private deferAcknowledgements(client: MqttClient): void {
    const inner = client as unknown as { _sendPacket: SendPacket };
    const send = inner._sendPacket.bind(client);
    inner._sendPacket = (packet, callback, ...rest) => {
      const entry = this.awaitingAck;
      if (packet.cmd !== 'puback' || !entry) return send(packet, callback, ...rest);
      entry.puback = packet;
      this.awaitingAck = undefined;
      callback?.();
    };
    this.acknowledge = (entries) => {
      for (const entry of entries) if (entry.puback) send(entry.puback);
    };
  }

  /** The entry handleMessage is handing over, whose acknowledgement MQTT.js is about to send. */
  private awaitingAck: Held | undefined;
  private acknowledge: (entries: Held[]) => void = () => undefined;

  private scheduleFlush(): void {
    if (this.flushing) return;
    if (this.held.length >= MAX_BATCH) {
      clearTimeout(this.gatherTimer);
      this.gatherTimer = undefined;
      this.runFlush();
    } else if (!this.gatherTimer) {
      this.gatherTimer = setTimeout(() => {
        this.gatherTimer = undefined;
        this.runFlush();
      }, GATHER_MS);
    }
  }

  private runFlush(): void {
    this.flushing = this.flush().finally(() => {
      this.flushing = undefined;
      if (this.held.length && !this.stopped) this.scheduleFlush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.held.splice(0, MAX_BATCH);
    try {
      await this.record(batch);
      this.acknowledge(batch);
    } catch (error) {
      // Nothing was acknowledged: a new connection makes the broker send the batch again.
      this.options.log.error({ err: error, uplinks: batch.length }, 'MQTT: batch not recorded');
      if (!this.stopped) setTimeout(() => this.dropConnection(), RETRY_MS).unref();
    }
  }

  /** Records a batch in one transaction; a message that cannot be read is logged and dropped. */
  private async record(batch: Held[]): Promise<void> {
    const { db, mqtt: settings, deps, clock, log } = this.options;
    const now = clock();
    const byAccount = new Map<string, Array<{ key: string; uplink: ChirpstackUplink }>>();
    for (const entry of batch) {
      const uplink = readUplink(entry.payload);
      if (!uplink) {
        log.warn({ topic: entry.topic }, 'MQTT: not a ChirpStack JSON uplink, dropped');
        continue;
      }
      const accountId = settings.applications[uplink.deviceInfo.applicationId];
      if (!accountId) {
        log.warn(
          { topic: entry.topic, applicationId: uplink.deviceInfo.applicationId },
          'MQTT: application mapped to no account (MQTT_APPLICATIONS), dropped',
        );
        continue;
      }
      const uplinks = byAccount.get(accountId) ?? [];
      uplinks.push({ key: idempotencyKeyOf(uplink), uplink });
      byAccount.set(accountId, uplinks);
    }
    if (!byAccount.size) return;
    let alertsRaised = 0;
    let recordedReadings = 0;
    await db.transaction(async (tx) => {
      // A suspended account's devices are not heard.
      const active = await queryRows<{ id: string }>(
        tx,
        sql`select id from accounts where id = any(${sql.param([...byAccount.keys()])}::uuid[])
          and suspended_at is null order by id`,
      );
      for (const { id: accountId } of active) {
        const unique = new Map((byAccount.get(accountId) ?? []).map((call) => [call.key, call]));
        const claimed = await claimKeys(tx, {
          accountId,
          operation: OPERATION,
          calls: [...unique.values()].map(({ key, uplink }) => ({ key, body: uplink })),
          answer: { statusCode: 200, response: {} },
          now,
        });
        const fresh = [...unique.values()].filter(({ key }) => claimed.has(key));
        if (!fresh.length) continue;
        // A broker's source is configured for a whole account by the provider's staff.
        const recorded = await recordUplinks(tx, deps, {
          accountId,
          siteIds: null,
          apiKeyId: null,
          uplinks: fresh.map(({ uplink }) => sensorUplinkOf(uplink, now)),
          now,
        });
        alertsRaised += recorded.alertsRaised;
        // Uplinks repeated within a batch share their first one's reading.
        const readingIds = new Set(
          recorded.outcomes.flatMap((outcome) =>
            outcome.status === 'accepted' && outcome.readingId ? [outcome.readingId] : [],
          ),
        );
        recordedReadings += readingIds.size;
      }
    });
    if (recordedReadings) this.options.onReadingsRecorded?.(recordedReadings);
    if (alertsRaised) this.options.onAlertsRaised();
  }
}

function readUplink(payload: Buffer): ChirpstackUplink | undefined {
  try {
    const parsed = ChirpstackUplinkSchema.safeParse(JSON.parse(payload.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ChirpStack's deduplication id is the same on every copy of one uplink; without it, the device,
 * frame counter and time say the same. An uplink with neither id nor time cannot be told from
 * another: it is recorded as it comes.
 */
function idempotencyKeyOf(uplink: ChirpstackUplink): string {
  if (uplink.deduplicationId) return `chirpstack:${uplink.deduplicationId}`;
  if (!uplink.time) return `chirpstack:unkeyed:${randomUUID()}`;
  return `chirpstack:${uplink.deviceInfo.devEui}:${uplink.fCnt ?? ''}:${uplink.time}`;
}

function sensorUplinkOf(uplink: ChirpstackUplink, now: Date): SensorUplink {
  const rssi = (uplink.rxInfo ?? [])
    .map((gateway) => gateway.rssi)
    .filter((value): value is number => value !== undefined);
  return {
    devEui: uplink.deviceInfo.devEui,
    receivedAt: uplink.time ?? now.toISOString(),
    payload: uplink.object,
    signal: rssi.length ? Math.max(...rssi) : undefined,
  };
}
