import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import QuantityChart from './quantity-chart';

// uPlot draws on a canvas jsdom does not have: what matters here is what it is told to write.
const options = vi.hoisted(
  () =>
    [] as Array<{
      series: Array<{ label?: string; points?: { fill?: unknown } }>;
      data: unknown[][];
    }>,
);
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: Array<{ label?: string }> }, data: unknown[][]) {
      options.push({ ...opts, data });
    }
    setSize() {}
    destroy() {}
  },
}));
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

describe('quantity chart', () => {
  it('names every series of its legend in the page language, the dates too', () => {
    render(
      <QuantityChart
        graph={{
          drumId: '00000000-0000-4000-8000-000000000001',
          initialLengthM: 1000,
          thresholdM: 200,
          criticalM: 100,
          points: [
            {
              at: '2026-11-01T08:00:00.000Z',
              remainingM: 450,
              source: 'manual',
              battery: null,
              signal: null,
            },
          ],
        }}
        labels={{
          time: 'Date',
          remaining: 'Restant',
          threshold: 'Seuil',
          critical: 'Critique',
          manual: 'Relevés manuels',
          sensor: 'Relevés capteur',
        }}
        formatMetres={String}
        formatDate={(date) => date.toISOString()}
      />,
    );
    expect(options.at(-1)?.series.map((series) => series.label)).toEqual([
      'Date',
      'Restant',
      'Seuil',
      'Critique',
      'Relevés manuels',
      'Relevés capteur',
    ]);
  });

  it('marks each reading with its source: a series of markers for each, shaped apart', () => {
    const point = (at: string, remainingM: number, source: 'manual' | 'sensor') => ({
      at,
      remainingM,
      source,
      battery: source === 'sensor' ? 80 : null,
      signal: source === 'sensor' ? -90 : null,
    });
    render(
      <QuantityChart
        graph={{
          drumId: '00000000-0000-4000-8000-000000000001',
          initialLengthM: 1000,
          thresholdM: 200,
          criticalM: 100,
          points: [
            point('2026-11-01T08:00:00.000Z', 450, 'manual'),
            point('2026-11-02T08:00:00.000Z', 440, 'sensor'),
            point('2026-11-03T08:00:00.000Z', 430, 'manual'),
          ],
        }}
        labels={{
          time: 'Date',
          remaining: 'Remaining',
          threshold: 'Threshold',
          critical: 'Critical',
          manual: 'Manual readings',
          sensor: 'Sensor readings',
        }}
        formatMetres={String}
        formatDate={(date) => date.toISOString()}
      />,
    );
    const chart = options.at(-1)!;
    // The line joins all readings; the markers split them by source.
    expect(chart.data[1]).toEqual([450, 440, 430]);
    expect(chart.data[4]).toEqual([450, null, 430]);
    expect(chart.data[5]).toEqual([null, 440, null]);
    // A filled dot for a person's reading, a ring (filled with the background) for a sensor's.
    expect(chart.series[4]?.points?.fill).toBe('#1852a8');
    expect(chart.series[5]?.points?.fill).not.toBe(chart.series[4]?.points?.fill);
  });
});
