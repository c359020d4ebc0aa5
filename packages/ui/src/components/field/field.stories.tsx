import type { Meta, StoryObj } from '@storybook/react';
import { describedBy, Field, FieldMessage, FieldSet, useFieldIds } from './field';

/**
 * The frame every input of the kit draws itself in: label and required mark, help text, the
 * control, then its message. A new control of the kit starts from it.
 */
const meta: Meta<typeof Field> = {
  title: 'Fields/Field',
  component: Field,
};
export default meta;

function FramedInput({
  label,
  description,
  error,
  isRequired,
}: {
  label: string;
  description?: string;
  error?: string;
  isRequired?: boolean;
}) {
  const ids = useFieldIds();
  return (
    <Field
      ids={ids}
      label={label}
      description={description}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
    >
      <input
        id={ids.controlId}
        required={isRequired}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(description && ids.descriptionId, error && ids.messageId)}
      />
      {error ? <FieldMessage id={ids.messageId}>{error}</FieldMessage> : null}
    </Field>
  );
}

function FramedGroup() {
  const ids = useFieldIds();
  return (
    <FieldSet ids={ids} label="Delivery window" description="Between 06:00 and 20:00." hasMessage>
      <label>
        From <input type="text" defaultValue="08:00" />
      </label>
      <label>
        To <input type="text" defaultValue="07:00" />
      </label>
      <FieldMessage id={ids.messageId}>The end comes before the start.</FieldMessage>
    </FieldSet>
  );
}

export const Labelled: StoryObj = {
  render: () => <FramedInput label="Site name" description="As it appears on delivery notes." />,
};
export const Required: StoryObj = {
  render: () => <FramedInput label="Contact phone" isRequired />,
};
export const Invalid: StoryObj = {
  render: () => (
    <FramedInput label="Quantity" error="Enter a whole number from 1 to 99." isRequired />
  ),
};
export const Messages: StoryObj = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <FieldMessage tone="error">The reading is above the drum's length.</FieldMessage>
      <FieldMessage tone="warning">This drum has not reported for three days.</FieldMessage>
      <FieldMessage tone="info">
        Readings are kept on this phone until the signal returns.
      </FieldMessage>
      <FieldMessage tone="success">Reading recorded.</FieldMessage>
    </div>
  ),
};
export const Group: StoryObj = { render: () => <FramedGroup /> };
