// The only module that imports uPlot: it is loaded lazily by the drum detail, so the charting
// library and its CSS stay out of every other route's bundle.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { QuantityGraph } from '@portal/contract';
import { dateTicks } from '../lib/date-ticks';
import styles from './refill.module.css';

export interface QuantityChartProps {
  graph: QuantityGraph;
  /** Legend names: the x series (dates), the three lines and the two kinds of reading. */
  labels: {
    time: string;
    remaining: string;
    threshold: string;
    critical: string;
    manual: string;
    sensor: string;
  };
  /** Formats a length on the y axis and in the legend. */
  formatMetres: (value: number) => string;
  /** Formats a date on the x axis and in the legend. */
  formatDate: (date: Date) => string;
  /** The chart's name, read out in place of the drawing. */
  label: string;
  /** Ids of the elements that say in words what the chart draws (a summary, the table). */
  describedBy: string;
}

/** Room between two date labels of the x axis, besides the widest label itself. */
const LABEL_GAP_PX = 16;

function cssToken(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * The widest date label the x axis can write between `from` and `to` (seconds), measured in the
 * axis font: the 28th of every month they span, so long month names count.
 */
function widestDateLabel(
  from: number,
  to: number,
  font: string,
  formatDate: (date: Date) => string,
) {
  const context = document.createElement('canvas').getContext('2d');
  const samples: string[] = [];
  const day = new Date(from * 1000);
  day.setDate(28);
  for (let months = 0; months < 12 && day.getTime() <= to * 1000 + 31 * 86_400_000; months += 1) {
    samples.push(formatDate(day));
    day.setMonth(day.getMonth() + 1);
  }
  if (!context) return Math.max(...samples.map((sample) => sample.length)) * 8;
  context.font = font;
  return Math.max(...samples.map((sample) => context.measureText(sample).width));
}

/** For each series, the index of its latest value (the x series: the latest reading). */
function latestIndexes(data: uPlot.AlignedData): number[] {
  return data.map((values) => values.findLastIndex((value) => value != null));
}

/**
 * Remaining length over time with the alert threshold and critical lines. The canvas is an image
 * named by `label` and described by the summary and the readings table beside it. Each reading is
 * a marker of its source, told apart by shape as well as colour: a filled dot for a person's
 * reading, a ring for a sensor's, each named in the legend. Until a pointer picks a reading, the
 * legend shows the latest value of each series.
 */
export default function QuantityChart({
  graph,
  labels,
  formatMetres,
  formatDate,
  label,
  describedBy,
}: QuantityChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = graph.points.map((point) => Date.parse(point.at) / 1000);
    const bySource = (source: 'manual' | 'sensor') =>
      graph.points.map((point) => (point.source === source ? point.remainingM : null));
    const data: uPlot.AlignedData = [
      xs,
      graph.points.map((point) => point.remainingM),
      xs.map(() => graph.thresholdM),
      xs.map(() => graph.criticalM),
      bySource('manual'),
      bySource('sensor'),
    ];
    const primary = cssToken('--color-primary', '#1852a8');
    const background = cssToken('--color-background', '#ffffff');
    // Markers only: the remaining-length line joins every reading whatever its source.
    const markersOnly = () => null;
    const width = () => Math.max(260, element.clientWidth);
    const font = `12px ${cssToken('--font-family', 'Arial, sans-serif')}`;
    const labelSpacing =
      widestDateLabel(xs[0] ?? 0, xs.at(-1) ?? 0, font, formatDate) + LABEL_GAP_PX;
    const latest = latestIndexes(data);
    // Back to the latest values whenever the pointer leaves (uPlot empties the legend then).
    const showLatest = (self: uPlot) => {
      if (self.cursor.idx == null) self.setLegend({ idxs: latest }, false);
    };
    const plot = new uPlot(
      {
        width: width(),
        height: 280,
        scales: { y: { range: [0, Math.max(graph.initialLengthM, 1)] } },
        axes: [
          {
            font,
            // Whole days or months, spaced by the chart's width so no two labels overlap.
            splits: (self, _axis, min, max) =>
              dateTicks(min, max, self.bbox.width / uPlot.pxRatio, labelSpacing),
            values: (_, ticks) => ticks.map((tick) => formatDate(new Date(tick * 1000))),
          },
          { font, size: 80, values: (_, ticks) => ticks.map((tick) => formatMetres(tick)) },
        ],
        hooks: { ready: [showLatest], setLegend: [showLatest] },
        series: [
          {
            // uPlot names the x series "Time" in its legend unless told otherwise.
            label: labels.time,
            value: (_, value) => (value == null ? '' : formatDate(new Date(value * 1000))),
          },
          {
            label: labels.remaining,
            stroke: primary,
            width: 2,
            points: { show: false },
            value: (_, value) => (value == null ? '' : formatMetres(value)),
          },
          {
            label: labels.threshold,
            stroke: cssToken('--warning-orange', '#8a5300'),
            dash: [8, 4],
            points: { show: false },
            value: (_, value) => (value == null ? '' : formatMetres(value)),
          },
          {
            label: labels.critical,
            stroke: cssToken('--error-red', '#c41e1e'),
            dash: [2, 4],
            points: { show: false },
            value: (_, value) => (value == null ? '' : formatMetres(value)),
          },
          {
            label: labels.manual,
            stroke: primary,
            // The legend's swatch takes the series' fill: the same dot or ring as the markers.
            fill: primary,
            paths: markersOnly,
            points: { show: true, size: 6, fill: primary, stroke: primary },
            value: (_, value) => (value == null ? '' : formatMetres(value)),
          },
          {
            label: labels.sensor,
            stroke: primary,
            fill: background,
            paths: markersOnly,
            points: { show: true, size: 8, width: 2, fill: background, stroke: primary },
            value: (_, value) => (value == null ? '' : formatMetres(value)),
          },
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 280 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [graph, labels, formatMetres, formatDate]);

  return (
    <div
      ref={container}
      className={styles.chart}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
