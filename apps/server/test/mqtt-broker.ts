import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

// eslint-disable-next-line no-restricted-properties -- test harness finds its broker here
const brokerUrl = process.env.TEST_MQTT_URL;

/** The broker of the MQTT tests, set by vitest.config.ts; a clear failure without one. */
export function testMqttUrl(): string {
  if (!brokerUrl) {
    throw new Error(
      'TEST_MQTT_URL is not set and no MQTT broker answers on 127.0.0.1:1883: start Mosquitto (`mosquitto -d`, as .ci/run does) or set TEST_MQTT_URL=mqtt://host:port',
    );
  }
  return brokerUrl;
}

/**
 * Settings of a server that takes uplinks from the test broker, under a topic prefix, share
 * group and client id of its own: runs in parallel on one broker never see each other's messages.
 */
export function mqttTestEnv(applications: Record<string, string>) {
  const run = randomBytes(4).toString('hex');
  const prefix = `test-${run}`;
  return {
    prefix,
    env: {
      MQTT_URL: testMqttUrl(),
      MQTT_TOPICS: `${prefix}/application/+/device/+/event/up`,
      MQTT_SHARE_GROUP: `portal-${run}`,
      MQTT_CLIENT_ID: `portal-test-${run}`,
      MQTT_APPLICATIONS: Object.entries(applications)
        .map(([applicationId, accountId]) => `${applicationId}=${accountId}`)
        .join(','),
    },
  };
}

/** A network server's side: publishes with QoS 1, each publish answered by the broker. */
export async function connectPublisher(): Promise<MqttClient> {
  return mqtt.connectAsync(testMqttUrl(), {
    clientId: `publisher-${randomBytes(4).toString('hex')}`,
    protocolVersion: 5,
  });
}
