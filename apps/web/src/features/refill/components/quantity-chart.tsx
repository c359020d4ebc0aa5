// The only module that imports uPlot: it is loaded lazily by the drum detail, so the charting
// library and its CSS stay out of every other route's bundle.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { QuantityGraph } from '@portal/contract';
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
}

function cssColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * Remaining length over time with the alert threshold and critical lines (canvas, so aria-hidden;
 * the readings table beside it is its text). Each reading is a marker of its source, told apart by
 * shape as well as colour: a filled dot for a person's reading, a ring for a sensor's, each named
 * in the legend.
 */
export default function QuantityChart({
  graph,
  labels,
  formatMetres,
  formatDate,
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
    const primary = cssColour('--color-primary', '#1852a8');
    const background = cssColour('--color-background', '#ffffff');
    // Markers only: the remaining-length line joins every reading whatever its source.
    const markersOnly = () => null;
    const width = () => Math.max(260, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 280,
        scales: { y: { range: [0, Math.max(graph.initialLengthM, 1)] } },
        axes: [
          {
            // A medium date is about 90 px wide: ticks further apart than that never overlap.
            space: 120,
            values: (_, ticks) => ticks.map((tick) => formatDate(new Date(tick * 1000))),
          },
          { size: 80, values: (_, ticks) => ticks.map((tick) => formatMetres(tick)) },
        ],
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
            stroke: cssColour('--warning-orange', '#8a5300'),
            dash: [8, 4],
            points: { show: false },
            value: (_, value) => (value == null ? '' : formatMetres(value)),
          },
          {
            label: labels.critical,
            stroke: cssColour('--error-red', '#c41e1e'),
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

  return <div ref={container} className={styles.chart} aria-hidden="true" />;
}
