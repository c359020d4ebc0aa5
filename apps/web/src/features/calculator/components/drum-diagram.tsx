import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
          <line
            x1="30"
            y1="22"
            x2="30"
            y2="238"
            markerStart={`url(#${id}-arrow)`}
            markerEnd={`url(#${id}-arrow)`}
          />
          <text x="16" y="134" className={styles.label}>
            A
          </text>
          {/* B: barrel diameter. */}
          <line
            x1="110"
            y1="92"
            x2="110"
            y2="168"
            markerStart={`url(#${id}-arrow)`}
            markerEnd={`url(#${id}-arrow)`}
          />
          <text x="116" y="126" className={styles.label}>
            B
          </text>
          {/* T: inner traverse width. */}
          <line x1="72" y1="242" x2="72" y2="262" className={styles.extension} />
          <line x1="248" y1="242" x2="248" y2="262" className={styles.extension} />
          <line
            x1="74"
            y1="256"
            x2="246"
            y2="256"
            markerStart={`url(#${id}-arrow)`}
            markerEnd={`url(#${id}-arrow)`}
          />
          <text x="160" y="250" className={styles.label}>
            T
          </text>
          {/* H: winding depth, from the barrel to the top of the cable. */}
          <line
            x1="220"
            y1="37"
            x2="220"
            y2="88"
            markerStart={`url(#${id}-arrow)`}
            markerEnd={`url(#${id}-arrow)`}
          />
          <text x="196" y="68" className={styles.label}>
            {depthLabel}
          </text>
          {/* f (or h): from the cable to the flange rim. */}
          <line x1="262" y1="20" x2="300" y2="20" className={styles.extension} />
          <line x1="250" y1="35" x2="300" y2="35" className={styles.extension} />
          <line x1="290" y1="4" x2="290" y2="18" markerEnd={`url(#${id}-arrow)`} />
          <line x1="290" y1="51" x2="290" y2="37" markerEnd={`url(#${id}-arrow)`} />
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
