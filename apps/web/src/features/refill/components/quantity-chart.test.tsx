import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import QuantityChart from './quantity-chart';

interface FakePlot {
  cursor: { idx: number | null };
  bbox: { width: number };
  legendCalls: unknown[];
  setLegend: (options: unknown) => void;
}

// uPlot draws on a canvas jsdom does not have: what matters here is what it is told to write.
const options = vi.hoisted(
  () =>
    [] as Array<{
      series: Array<{ label?: string; points?: { fill?: unknown } }>;
      axes: Array<{
        splits: (self: unknown, axis: number, min: number, max: number) => number[];
        values: (self: unknown, ticks: number[]) => string[];
      }>;
      hooks: { ready: Array<(self: FakePlot) => void>; setLegend: Array<(self: FakePlot) => void> };
      data: unknown[][];
    }>,
);
vi.mock('uplot', () => ({
  default: class {
    static pxRatio = 1;
    constructor(opts: (typeof options)[number], data: unknown[][]) {
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
// Text measured as the axis would: 7 px a character, in place of jsdom's missing canvas.
vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
  () =>
    ({
      font: '',
      measureText: (text: string) => ({ width: text.length * 7 }),
    }) as unknown as CanvasRenderingContext2D,
);

const labels = {
  time: 'Date',
  remaining: 'Remaining',
  threshold: 'Threshold',
  critical: 'Critical',
  manual: 'Manual readings',
  sensor: 'Sensor readings',
};

function point(at: string, remainingM: number, source: 'manual' | 'sensor') {
  return {
    at,
    remainingM,
    source,
    battery: source === 'sensor' ? 80 : null,
    signal: source === 'sensor' ? -90 : null,
  };
}

/** A reading a day for half a year, a person's first and then a sensor's. */
const halfYear = {
  drumId: '00000000-0000-4000-8000-000000000001',
  initialLengthM: 2500,
  thresholdM: 500,
  criticalM: 250,
  points: Array.from({ length: 180 }, (_, day) =>
    point(
      new Date(Date.UTC(2026, 5, 1 + day, 8)).toISOString(),
      2400 - day * 10,
      day < 120 ? 'manual' : 'sensor',
    ),
  ),
};

function renderChart(props: Partial<ComponentProps<typeof QuantityChart>> = {}) {
  render(
    <QuantityChart
      graph={halfYear}
      labels={labels}
      formatMetres={String}
      formatDate={(date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date)}
      label="Remaining length over time"
      describedBy="summary table"
      {...props}
    />,
  );
  return options.at(-1)!;
}

function fakePlot(width: number): FakePlot {
  const plot: FakePlot = {
    cursor: { idx: null },
    bbox: { width },
    legendCalls: [],
    setLegend: (legend) => plot.legendCalls.push(legend),
  };
  return plot;
}

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
        label="Graph"
        describedBy="summary"
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
        labels={labels}
        formatMetres={String}
        formatDate={(date) => date.toISOString()}
        label="Graph"
        describedBy="summary"
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

  it.each([260, 343, 700, 1230])(
    'writes dates that never overlap on a %i px wide plot, in the language given',
    (width) => {
      const chart = renderChart();
      const axis = chart.axes[0]!;
      const xs = chart.data[0] as number[];
      const [min, max] = [xs[0]!, xs.at(-1)!];
      const ticks = axis.splits(fakePlot(width), 0, min, max);
      const texts = axis.values(fakePlot(width), ticks);
      expect(texts.length).toBeGreaterThanOrEqual(2);
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026$/);
      const centres = ticks.map((tick) => ((tick - min) / (max - min)) * width);
      for (let index = 1; index < ticks.length; index += 1) {
        // Each label is centred on its tick: half of each must fit between the two.
        const halves = (texts[index - 1]!.length * 7 + texts[index]!.length * 7) / 2;
        expect(centres[index]! - centres[index - 1]!).toBeGreaterThan(halves);
      }
    },
  );

  it('shows the latest value of each series before any pointer, and again when it leaves', () => {
    const chart = renderChart();
    const plot = fakePlot(700);
    chart.hooks.ready[0]!(plot);
    // The latest reading is a sensor's: the manual series' latest is its 120th reading.
    expect(plot.legendCalls).toEqual([{ idxs: [179, 179, 179, 179, 119, 179] }]);
    plot.cursor.idx = 40;
    chart.hooks.setLegend[0]!(plot);
    expect(plot.legendCalls).toHaveLength(1);
    plot.cursor.idx = null;
    chart.hooks.setLegend[0]!(plot);
    expect(plot.legendCalls).toHaveLength(2);
  });

  it('is an image named and described by the summary and the table', () => {
    renderChart();
    const image = screen.getByRole('img', { name: 'Remaining length over time' });
    expect(image).toHaveAttribute('aria-describedby', 'summary table');
  });
});
