import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FieldMessage, describedBy, useFieldIds } from './field';

function TextInputField({
  description,
  error,
  isRequired,
}: {
  description?: string;
  error?: string;
  isRequired?: boolean;
}) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label="Site" description={description} isRequired={isRequired}>
      <input
        id={ids.controlId}
        aria-describedby={describedBy(description && ids.descriptionId, error && ids.messageId)}
      />
      {error ? <FieldMessage id={ids.messageId}>{error}</FieldMessage> : null}
    </Field>
  );
}

function GroupField() {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label="Files" labelAs="span" data={{ 'data-invalid': true }}>
      <div role="group" aria-labelledby={ids.labelId} />
    </Field>
  );
}

describe('Field', () => {
  it('names its control by the label and describes it by the description then the message', () => {
    render(<TextInputField description="Where to deliver" error="Choose a site" />);
    const input = screen.getByRole('textbox', { name: 'Site' });
    expect(input).toHaveAccessibleDescription('Where to deliver Choose a site');
  });

  it('shows the required mark hidden from screen readers', () => {
    const { container } = render(<TextInputField isRequired />);
    const mark = container.querySelector('[aria-hidden="true"]');
    expect(mark).toHaveTextContent('*');
    expect(screen.getByRole('textbox', { name: 'Site' })).toBeInTheDocument();
  });

  it('names a control that is not labelable by the label id, and sets its state attributes', () => {
    const { container } = render(<GroupField />);
    expect(screen.getByRole('group', { name: 'Files' })).toBeInTheDocument();
    expect(container.querySelector('label')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('data-invalid', 'true');
  });

  it('gives each message tone its icon', () => {
    const { container } = render(<FieldMessage tone="warning">Low</FieldMessage>);
    expect(container.querySelector('[data-tone="warning"]')).toHaveTextContent('Low');
    expect(container.querySelector('svg')).toBeInTheDocument();
  });

  it('lists no description when there is none', () => {
    expect(describedBy(undefined, false, '')).toBeUndefined();
    expect(describedBy('a', null, 'b')).toBe('a b');
  });
});
