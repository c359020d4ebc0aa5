import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { DatePicker } from '@portal/ui/date-picker';
import { useTranslation } from './i18n';
import { fromIsoDay, toIsoDay, type DayFieldProps } from './kit-fields';
import { useDatePickerLabels } from './kit-labels';

/** DayField's picker, loaded with the calendar once a form shows a day field. */
export default function DayPickerField({ value, onChange, ...field }: DayFieldProps) {
  const { i18n } = useTranslation('common');
  const labels = useDatePickerLabels();
  return (
    <DatePicker
      {...field}
      value={fromIsoDay(value)}
      onChange={(date) => onChange(date ? toIsoDay(date) : '')}
      locale={i18n.language === 'en' ? enUS : fr}
      labels={labels}
    />
  );
}
