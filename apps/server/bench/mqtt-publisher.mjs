// The network server's side of bench:mqtt, in a process of its own as ChirpStack would be:
// publishes uplinks n = worker, worker + publishers, … of mqtt-throughput.ts with QoS 1, every
// duplicateEvery-th one twice, then prints how many duplicates it sent.
// Arguments: a JSON object { brokerUrl, prefix, applicationId, drums, uplinks, publishers,
// duplicateEvery, firstAt, run }.
import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';

const plan = JSON.parse(process.argv[2]);
const devEuiOf = (drum) => `70b3d57e${drum.toString(16).padStart(8, '0')}`;
const uplinkOf = (n) => {
  const drum = n % plan.drums;
  const round = Math.floor(n / plan.drums);
  const devEui = devEuiOf(drum);
  return {
    topic: `${plan.prefix}/application/${plan.applicationId}/device/${devEui}/event/up`,
    body: JSON.stringify({
      deduplicationId: randomUUID(),
      time: new Date(plan.firstAt + round * 60_000).toISOString(),
      deviceInfo: { applicationId: plan.applicationId, devEui },
      fCnt: round,
      object: { remainingLength: 900 - round * 0.01, battery: 90 },
      rxInfo: [{ rssi: -100, snr: 7 }],
    }),
  };
};
const publishers = await Promise.all(
  Array.from({ length: plan.publishers }, (_, i) =>
    mqtt.connectAsync(plan.brokerUrl, {
      clientId: `bench-publisher-${plan.run}-${i}`,
      protocolVersion: 5,
    }),
  ),
);
// The parent starts its clock when it reads this line.
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
let duplicates = 0;
await Promise.all(
  publishers.map(async (publisher, worker) => {
    // A window of publishes in flight, each confirmed by the broker (PUBACK).
    const inFlight = new Set();
    for (let n = worker; n < plan.uplinks; n += plan.publishers) {
      const { topic, body } = uplinkOf(n);
      const copies = n % plan.duplicateEvery === 0 ? 2 : 1;
      if (copies === 2) duplicates++;
      for (let copy = 0; copy < copies; copy++) {
        const sent = publisher.publishAsync(topic, body, { qos: 1 });
        inFlight.add(sent);
        void sent.finally(() => inFlight.delete(sent));
        if (inFlight.size >= 200) await Promise.race(inFlight);
      }
    }
    await Promise.all(inFlight);
  }),
);
await Promise.all(publishers.map((publisher) => publisher.endAsync()));
process.stdout.write(`${JSON.stringify({ duplicates })}\n`);
