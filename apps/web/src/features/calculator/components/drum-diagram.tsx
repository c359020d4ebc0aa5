import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import styles from './drum-diagram.module.css';

export interface DrumDiagramProps {
  /** `capacity` labels the freeboard f and the winding depth H; `remaining` labels h and H′. */
  variant: 'capacity' | 'remaining';
  /** The values as formatted text (with units), read out in the description; absent when unknown. */
  values: { a?: string; b?: string; t?: string; depth?: string; gap?: string };
}

/**
 * A schematic section of a drum through its axis, naming A, B, T, H and f (or H′ and h). The
 * drawing keeps fixed proportions (a true-to-scale drum of odd input would be unreadable); the
 * numbers themselves are in its accessible description.
 */
export function DrumDiagram({ variant, values }: DrumDiagramProps) {
  const { t } = useTranslation('calculator');
  const id = useId();
  const depthLabel = variant === 'capacity' ? 'H' : 'H′';
  const gapLabel = variant === 'capacity' ? 'f' : 'h';
  const arrow = `url(#${id}-arrow)`;
  const unknown = t('diagram.unknown');
  const description = t(variant === 'capacity' ? 'diagram.capacity' : 'diagram.remaining', {
    a: values.a ?? unknown,
    b: values.b ?? unknown,
    t: values.t ?? unknown,
    depth: values.depth ?? unknown,
    gap: values.gap ?? unknown,
  });
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.svg}
        viewBox="0 0 340 270"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-caption`}
      >
        <title id={`${id}-title`}>{t('diagram.title')}</title>
        <defs>
          <marker
            id={`${id}-arrow`}
            viewBox="0 0 10 10"
            refX="5"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrow} />
          </marker>
        </defs>
        {/* Cable wound above and below the barrel, up to the freeboard. */}
        <rect x="72" y="35" width="176" height="55" className={styles.cable} />
        <rect x="72" y="170" width="176" height="55" className={styles.cable} />
        {/* Barrel and flanges. */}
        <rect x="72" y="90" width="176" height="80" className={styles.barrel} />
        <rect x="60" y="20" width="12" height="220" className={styles.flange} />
        <rect x="248" y="20" width="12" height="220" className={styles.flange} />
        <line x1="40" y1="130" x2="280" y2="130" className={styles.axis} />

        <g className={styles.dimension}>
          {/* A: flange diameter. */}
          <line x1="20" y1="20" x2="58" y2="20" className={styles.extension} />
          <line x1="20" y1="240" x2="58" y2="240" className={styles.extension} />
          <Dimension arrow={arrow} from={[30, 22]} to={[30, 238]} labelAt={[16, 134]}>
            A
          </Dimension>
          {/* B: barrel diameter. */}
          <Dimension arrow={arrow} from={[110, 92]} to={[110, 168]} labelAt={[116, 126]}>
            B
          </Dimension>
          {/* T: inner traverse width. */}
          <line x1="72" y1="242" x2="72" y2="262" className={styles.extension} />
          <line x1="248" y1="242" x2="248" y2="262" className={styles.extension} />
          <Dimension arrow={arrow} from={[74, 256]} to={[246, 256]} labelAt={[160, 250]}>
            T
          </Dimension>
          {/* H: winding depth, from the barrel to the top of the cable. */}
          <Dimension arrow={arrow} from={[220, 37]} to={[220, 88]} labelAt={[196, 68]}>
            {depthLabel}
          </Dimension>
          {/* f (or h): from the cable to the flange rim. */}
          <line x1="262" y1="20" x2="300" y2="20" className={styles.extension} />
          <line x1="250" y1="35" x2="300" y2="35" className={styles.extension} />
          <line x1="290" y1="4" x2="290" y2="18" markerEnd={arrow} />
          <line x1="290" y1="51" x2="290" y2="37" markerEnd={arrow} />
          <text x="298" y="31" className={styles.label}>
            {gapLabel}
          </text>
        </g>
      </svg>
      <figcaption id={`${id}-caption`} className={styles.caption}>
        {description}
      </figcaption>
    </figure>
  );
}

type Point = readonly [x: number, y: number];

/** A dimension line with an arrowhead at each end, and its letter beside it. */
function Dimension({
  arrow,
  from,
  to,
  labelAt,
  children,
}: {
  /** The arrowhead marker, as `url(#…)`. */
  arrow: string;
  from: Point;
  to: Point;
  labelAt: Point;
  children: ReactNode;
}) {
  return (
    <>
      <line x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} markerStart={arrow} markerEnd={arrow} />
      <text x={labelAt[0]} y={labelAt[1]} className={styles.label}>
        {children}
      </text>
    </>
  );
}
