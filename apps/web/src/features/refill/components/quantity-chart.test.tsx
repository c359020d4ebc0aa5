import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import QuantityChart from './quantity-chart';

// uPlot draws on a canvas jsdom does not have: what matters here is what it is told to write.
const options = vi.hoisted(() => [] as Array<{ series: Array<{ label?: string }> }>);
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: Array<{ label?: string }> }) {
      options.push(opts);
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
          points: [{ at: '2026-11-01T08:00:00.000Z', remainingM: 450 }],
        }}
        labels={{ time: 'Date', remaining: 'Restant', threshold: 'Seuil', critical: 'Critique' }}
        formatMetres={String}
        formatDate={(date) => date.toISOString()}
      />,
    );
    expect(options.at(-1)?.series.map((series) => series.label)).toEqual([
      'Date',
      'Restant',
      'Seuil',
      'Critique',
    ]);
  });
});
