import { useEffect, useId, useState } from 'react';
import { IconButton } from '@portal/ui/icon-button';
import { ChevronLeftIcon, ChevronRightIcon } from '@portal/ui/icons';
import { useTranslation } from '@/lib/i18n';
import { slides } from '../lib/slides';
import styles from './auth.module.css';

/** Two slides alternating on a 14-second cycle. */
export const SLIDE_INTERVAL_MS = 14_000;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * The landing's carousel (WAI-ARIA APG carousel): rotates every 14 s, stops while the pointer or
 * the keyboard focus is inside, has a pause control, and does not rotate on its own when the
 * person asked for reduced motion.
 */
export function AuthCarousel() {
  const { t } = useTranslation('auth');
  const [current, setCurrent] = useState(0);
  // The first slide shows as it is (it is also in the prerendered page the SPA replaces); only
  // a slide that comes after it fades in.
  const [hasTurned, setHasTurned] = useState(false);
  const [isPlaying, setIsPlaying] = useState(() => !prefersReducedMotion());
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const slidesId = useId();
  const rotating = isPlaying && !isHovered && !isFocused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => {
      setHasTurned(true);
      setCurrent((index) => (index + 1) % slides.length);
    }, SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  const go = (step: number) => {
    setHasTurned(true);
    setCurrent((index) => (index + step + slides.length) % slides.length);
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setIsFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocused(false);
      }}
    >
      <div className={styles.carouselControls}>
        <button
          type="button"
          className={styles.rotationControl}
          aria-controls={slidesId}
          onClick={() => setIsPlaying((playing) => !playing)}
        >
          {isPlaying ? t('carousel.pause') : t('carousel.play')}
        </button>
        <IconButton
          label={t('carousel.previous')}
          icon={<ChevronLeftIcon />}
          aria-controls={slidesId}
          onPress={() => go(-1)}
        />
        <IconButton
          label={t('carousel.next')}
          icon={<ChevronRightIcon />}
          aria-controls={slidesId}
          onPress={() => go(1)}
        />
      </div>
      <div
        id={slidesId}
        className={styles.slides}
        aria-live={rotating ? 'off' : 'polite'}
        data-turned={hasTurned || undefined}
      >
        {slides.map((slide, index) => (
          <figure
            key={slide.id}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel.slide', { current: index + 1, total: slides.length })}
            data-active={index === current || undefined}
            hidden={index !== current}
          >
            <img
              className={styles.slideImage}
              src={slide.image}
              alt={t(`carousel.slides.${slide.id}.alt`)}
              width={800}
              height={600}
              decoding="async"
              fetchPriority={index === 0 ? 'high' : 'low'}
            />
            <figcaption className={styles.caption}>
              <strong className={styles.captionTitle}>
                {t(`carousel.slides.${slide.id}.title`)}
              </strong>
              <span>{t(`carousel.slides.${slide.id}.caption`)}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
