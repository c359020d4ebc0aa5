import { useId, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons/icons';
import styles from './field.module.css';

/** The ids that tie a field's label, description and message to its control. */
export interface FieldIds {
  /** The control's id (the label's `for`). */
  controlId: string;
  /** The label's id, for controls named by `aria-labelledby` (a group, a drop zone). */
  labelId: string;
  descriptionId: string;
  messageId: string;
}

/** A field's ids; `id` is the control's when the caller sets it. */
export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  return {
    controlId: id ?? `${generated}-control`,
    labelId: `${generated}-label`,
    descriptionId: `${generated}-description`,
    messageId: `${generated}-message`,
  };
}

/** The ids an `aria-describedby` lists, in order, or undefined when there is none. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export type MessageTone = 'error' | 'info' | 'success' | 'warning';

const toneIcons: Record<MessageTone, ComponentType<{ size?: number }>> = {
  error: ErrorIcon,
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
};

/** A field's message under its control, with the icon of its tone. */
export function FieldMessage({
  id,
  tone = 'error',
  className,
  children,
}: {
  id?: string;
  tone?: MessageTone;
  className?: string;
  children: ReactNode;
}) {
  const Icon = toneIcons[tone];
  return (
    <span id={id} className={withClass(styles.message, className)} data-tone={tone}>
      <Icon size={16} />
      {children}
    </span>
  );
}

/** What every input of the kit takes for its frame and its state. */
export interface FieldInputProps {
  /** Visible label, also the control's accessible name. */
  label: string;
  /** Help text under the label, linked with `aria-describedby`. */
  description?: string;
  /** Error shown under the control with a red error icon; sets `aria-invalid`. */
  errorText?: string;
  /** Marks the control invalid without a message (e.g. the message is shown elsewhere). */
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
}

export interface FieldProps {
  ids: FieldIds;
  /** Visible label, the control's accessible name. */
  label: ReactNode;
  /** Help text under the label; the control lists `ids.descriptionId` in its `aria-describedby`. */
  description?: ReactNode;
  /** Shows the required mark; the control itself carries `required` or `aria-required`. */
  isRequired?: boolean;
  /**
   * `label` names the control by its `for` (an input); `span` names it by id, for a control that
   * is not labelable (a group, a drop zone) and says `aria-labelledby={ids.labelId}`.
   */
  labelAs?: 'label' | 'span';
  /** The component's own class, for its layout and the states it styles. */
  className?: string;
  /** Sets `data-invalid`, for the component's styles. */
  isInvalid?: boolean;
  /** Sets `data-disabled`, for the component's styles. */
  isDisabled?: boolean;
  /** The component's other state attributes (`data-open`…); undefined ones are left out. */
  data?: Record<`data-${string}`, string | boolean | undefined>;
  /** The control, then its messages. */
  children: ReactNode;
}

/**
 * The frame of every input of the kit: label with its required mark, description, then the
 * control and its messages, with the ids that tie them together.
 */
export function Field({
  ids,
  label,
  description,
  isRequired = false,
  labelAs = 'label',
  className,
  isInvalid = false,
  isDisabled = false,
  data,
  children,
}: FieldProps) {
  return (
    <div
      className={withClass(styles.field, className)}
      data-invalid={isInvalid || undefined}
      data-disabled={isDisabled || undefined}
      {...data}
    >
      {labelAs === 'label' ? (
        <label id={ids.labelId} className={styles.label} htmlFor={ids.controlId}>
          {label}
          <RequiredMark isRequired={isRequired} />
        </label>
      ) : (
        <span id={ids.labelId} className={styles.label}>
          {label}
          <RequiredMark isRequired={isRequired} />
        </span>
      )}
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      {children}
    </div>
  );
}

export interface FieldSetProps extends Omit<FieldProps, 'labelAs' | 'isInvalid' | 'isDisabled'> {
  /** Disables every control of the group. */
  isDisabled?: boolean;
  isInvalid?: boolean;
  /** Whether a message with `ids.messageId` shows, so the group lists it as its description. */
  hasMessage?: boolean;
}

/**
 * The frame of a group of controls named by one legend (radios, a start and an end time): the
 * fieldset is the group, described by the description and the message.
 */
export function FieldSet({
  ids,
  label,
  description,
  isRequired = false,
  isDisabled = false,
  isInvalid = false,
  hasMessage = false,
  className,
  data,
  children,
}: FieldSetProps) {
  return (
    <fieldset
      className={withClass(`${styles.field} ${styles.fieldset}`, className)}
      disabled={isDisabled}
      aria-invalid={isInvalid || undefined}
      aria-describedby={describedBy(
        description ? ids.descriptionId : null,
        hasMessage && ids.messageId,
      )}
      {...data}
    >
      <legend id={ids.labelId} className={`${styles.label} ${styles.legend}`}>
        {label}
        <RequiredMark isRequired={isRequired} />
      </legend>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      {children}
    </fieldset>
  );
}

/** A field's help text, when there is one. */
export function FieldDescription({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children?: ReactNode;
}) {
  if (!children) return null;
  return (
    <span id={id} className={withClass(styles.description, className)}>
      {children}
    </span>
  );
}

/** The native box of a checkbox or a radio, in the kit's colour, with its focus ring. */
export function ChoiceBox({
  className,
  ...props
}: ComponentProps<'input'> & { type: 'checkbox' | 'radio' }) {
  return <input {...props} className={withClass(styles.choice, className)} />;
}

function RequiredMark({ isRequired }: { isRequired: boolean }) {
  return isRequired ? (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  ) : null;
}

/** A component's own class joined with the one its caller adds. */
export const withClass = (base: string | undefined, extra: string | undefined) =>
  [base, extra].filter(Boolean).join(' ') || undefined;
