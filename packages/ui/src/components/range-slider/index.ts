export {
  RangeSlider,
  defaultRangeSliderLabels,
  moveThumb,
  type RangeConstraints,
  type RangeSliderLabels,
  type RangeSliderProps,
  type RangeValue,
} from './range-slider';
