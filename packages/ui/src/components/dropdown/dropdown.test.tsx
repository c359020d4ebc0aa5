import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { Dropdown } from './dropdown';

interface Site {
  id: number;
  name: string;
  region?: string;
}

const sites: Site[] = [
  { id: 1, name: 'Lyon', region: 'South' },
  { id: 2, name: 'Nîmes', region: 'South' },
  { id: 3, name: 'Lille', region: 'North' },
  { id: 4, name: 'Rouen', region: 'North' },
];

function renderSites(props: Partial<Parameters<typeof Dropdown<Site>>[0]> = {}) {
  return render(
    <Dropdown<Site>
      label="Site"
      options={sites}
      keyField="id"
      labelField="name"
      {...(props as object)}
    />,
  );
}

describe('Dropdown', { timeout: 20_000 }, () => {
  it('opens a listbox from the combobox and selects with the mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderSites({ onChange });
    const combobox = screen.getByRole('combobox', { name: 'Site Selection' });
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: 'Lille' }));
    expect(onChange).toHaveBeenCalledWith('3', sites[2]);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox).toHaveTextContent('Lille');
    expect(combobox).toHaveFocus();
  });

  it('follows the APG keyboard pattern', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderSites({ onChange, defaultValue: '2' });
    const combobox = screen.getByRole('combobox');
    combobox.focus();
    await user.keyboard('{ArrowDown}');
    // Opens on the selected option.
    expect(combobox.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Nîmes' }).id,
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Lille' })).toHaveAttribute('data-active', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('option', { name: 'Rouen' })).toHaveAttribute('data-active', 'true');
    await user.keyboard('{Home}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('1', sites[0]);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox).toHaveFocus();
  });

  it('moves to an option by typing its first letters (type-ahead)', async () => {
    const user = userEvent.setup();
    renderSites();
    const combobox = screen.getByRole('combobox');
    combobox.focus();
    await user.keyboard('r');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(combobox.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Rouen' }).id,
    );
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.keyboard('li');
    expect(combobox.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Lille' }).id,
    );
  });

  it('uses the configured key field and shows groups', async () => {
    const user = userEvent.setup();
    renderSites({ groupField: 'region' });
    await user.click(screen.getByRole('combobox'));
    const south = screen.getByRole('group', { name: 'South' });
    expect(
      within(south)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lyon', 'Nîmes']);
    expect(screen.getByRole('group', { name: 'North' })).toBeInTheDocument();
  });

  it('filters with the search box, accent-insensitively, and says "No result"', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderSites({ isSearchable: true, onSearch });
    await user.click(screen.getByRole('combobox', { name: /Site/ }));
    const search = screen.getByRole('combobox', { name: 'Search...' });
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('placeholder', 'Search...');
    await user.type(search, 'nime');
    expect(onSearch).toHaveBeenLastCalledWith('nime');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Nîmes']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No result')).toBeInTheDocument();
  });

  it('does not filter locally when filter is false', async () => {
    const user = userEvent.setup();
    renderSites({ isSearchable: true, filter: false });
    await user.click(screen.getByRole('combobox'));
    await user.type(screen.getByRole('combobox', { name: 'Search...' }), 'zzz');
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });

  it('selects several options in multiple mode and summarises them', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderSites({ selectionMode: 'multiple', onChange });
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    await user.click(screen.getByRole('option', { name: 'Lyon' }));
    await user.click(screen.getByRole('option', { name: 'Rouen' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '4'], [sites[0], sites[3]]);
    // Stays open in multiple mode by default.
    expect(screen.getByRole('option', { name: 'Rouen' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox')).toHaveTextContent('2 Selected');
    await user.click(screen.getByRole('option', { name: 'Lyon' }));
    expect(onChange).toHaveBeenLastCalledWith(['4'], [sites[3]]);
  });

  it('closes on select in multiple mode when closeOnSelect is set', async () => {
    const user = userEvent.setup();
    renderSites({ selectionMode: 'multiple', closeOnSelect: true });
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Lyon' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps the menu open on select in single mode when closeOnSelect is false', async () => {
    const user = userEvent.setup();
    renderSites({ closeOnSelect: false });
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Lyon' }));
    expect(screen.getByRole('option', { name: 'Lyon' })).toHaveAttribute('aria-selected', 'true');
  });

  it('clears the selection with the clear button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderSites({ isClearable: true, defaultValue: '3', onChange });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith(null, undefined);
    expect(screen.getByRole('combobox')).toHaveTextContent('Selection');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('pages long lists with "Display more results"', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 7 }, (_, index) => ({ id: index, name: `Site ${index}` }));
    render(
      <Dropdown<Site> label="Site" options={many} keyField="id" labelField="name" pageSize={3} />,
    );
    await user.click(screen.getByRole('combobox'));
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Display more results' }));
    expect(screen.getAllByRole('option')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Display more results' }));
    expect(screen.getAllByRole('option')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Display more results' })).toBeNull();
  });

  it('is controlled by value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderSites({ value: '1', onChange });
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Lille' }));
    expect(onChange).toHaveBeenCalledWith('3', sites[2]);
    expect(screen.getByRole('combobox')).toHaveTextContent('Lyon');
  });

  it('shows description, error and required state, and can be disabled', () => {
    const { rerender } = renderSites({
      description: 'Where to deliver',
      errorText: 'Required',
      isRequired: true,
    });
    const combobox = screen.getByRole('combobox');
    expect(combobox).toHaveAccessibleDescription('Where to deliver Required');
    expect(combobox).toHaveAttribute('aria-invalid', 'true');
    expect(combobox).toHaveAttribute('aria-required', 'true');
    rerender(
      <Dropdown<Site> label="Site" options={sites} keyField="id" labelField="name" isDisabled />,
    );
    expect(screen.getByRole('combobox')).toBeDisabled();
  });

  it('marks the listbox busy while pending', async () => {
    const user = userEvent.setup();
    renderSites({ isPending: true, options: [] });
    await user.click(screen.getByRole('combobox'));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('No result')).toBeNull();
  });

  it('takes translated labels', async () => {
    const user = userEvent.setup();
    renderSites({ labels: { placeholder: 'Sélection', noResult: 'Aucun résultat' }, options: [] });
    await user.click(screen.getByRole('combobox', { name: 'Site Sélection' }));
    expect(screen.getByText('Aucun résultat')).toBeInTheDocument();
  });

  it('has no axe violation with its grouped, searchable menu open', async () => {
    const user = userEvent.setup();
    renderSites({
      groupField: 'region',
      isSearchable: true,
      selectionMode: 'multiple',
      isClearable: true,
      defaultValue: ['1'],
    });
    await user.click(screen.getByRole('combobox', { name: /Site/ }));
    await expectNoAxeViolations();
  }, 30_000);
});
