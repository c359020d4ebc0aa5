export {
  getThumbMetrics,
  MIN_THUMB_PERCENT,
  ScrollArea,
  SCROLLBAR_HIDE_MS,
  type ScrollAreaProps,
  type ThumbMetrics,
} from './scroll-area';
