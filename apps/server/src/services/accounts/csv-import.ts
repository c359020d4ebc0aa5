import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import {
  importColumns,
  type ImportRejection,
  type ImportReport,
  type ImportRow,
} from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import { accounts, drums, installedEquipment } from '../../db/schema';
import { DomainError } from '../domain-error';
import { recordAudit, type Actor } from './audit';
import { drumValues, equipmentValues, lookupsFor, type Lookups } from './onboarding';

type Kind = keyof typeof importColumns;

/** A record of the file with its row number as a spreadsheet shows it (the header is row 1). */
interface ParsedRow {
  row: number;
  cells: Record<string, string> | null;
}

/**
 * The separator is the one the header line uses most: French spreadsheets write `;` (the comma
 * is their decimal mark), others `,`.
 */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => header.split(char).length - 1;
  return count(';') >= count(',') ? ';' : ',';
}

/**
 * A cell's text on one line: a line break typed inside a spreadsheet cell, tabs and repeated
 * spaces become one space, so `Dock⏎A` names the site `Dock A`.
 */
const tidy = (cell: string | undefined) => (cell ?? '').replace(/\s+/g, ' ').trim();

/**
 * Reads the file into rows keyed by column name. A record that does not parse (a wrong number
 * of cells, an unclosed quote) is kept as a row without cells, so the report names it; quoted
 * cells may hold separators and line breaks. A header that lacks a column of the kind is
 * `onboarding.csv_unreadable`.
 */
export function readCsv(kind: Kind, text: string): ParsedRow[] {
  const events: Array<{ lines: number; cells: string[] | null }> = [];
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, '')),
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error) => {
        events.push({ lines: Number(error?.lines ?? Number.MAX_SAFE_INTEGER), cells: null });
      },
      // With `info`, each record comes with where it was read; the typings miss it.
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    throw new DomainError('onboarding.csv_unreadable');
  }
  for (const { record, info } of records) events.push({ lines: info.lines, cells: record });
  events.sort((a, b) => a.lines - b.lines);
  const [header, ...rest] = events;
  if (!header?.cells) throw new DomainError('onboarding.csv_unreadable');
  const names = header.cells.map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  if (!importColumns[kind].every((column) => names.includes(column))) {
    throw new DomainError('onboarding.csv_unreadable');
  }
  return rest.map((event, index) => ({
    row: index + 2,
    cells: event.cells
      ? Object.fromEntries(names.map((name, column) => [name, tidy(event.cells?.[column])]))
      : null,
  }));
}

/** `1000`, `1 000,5` or `1000.5` metres. */
function parseLength(value: string): number | null {
  const normal = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  const length = Number(normal);
  return length > 0 && length <= 100_000 ? length : null;
}

/** `2026-11-20` or `20/11/2026`, a real day of the calendar. */
function parseDate(value: string): string | null {
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = french
    ? `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}`
    : value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

const reasonOf: Record<string, ImportRejection> = {
  'onboarding.unknown_site': 'unknown_site',
  'onboarding.unknown_drum_type': 'unknown_drum_type',
  'onboarding.unknown_cable': 'unknown_cable',
  'onboarding.unknown_model': 'unknown_model',
};
const columnOf: Record<string, string> = {
  unknown_site: 'site',
  unknown_drum_type: 'drum_type',
  unknown_cable: 'cable_reference',
  unknown_model: 'model',
};

/** The longest value of each column: what the same field takes one by one. */
const maxLength: Record<string, number> = {
  serial: 64,
  drum_type: 40,
  cable_reference: 60,
  model: 40,
  site: 120,
};

type Planned =
  | { row: ImportRow; values: null }
  | { row: ImportRow; values: Record<string, unknown>; existingId: string | null };

function plan(kind: Kind, rows: ParsedRow[], lookups: Lookups, existing: Map<string, string>) {
  const seen = new Set<string>();
  return rows.map((parsed): Planned => {
    const reject = (reason: ImportRejection, column: string | null, serial: string | null) => ({
      row: { line: parsed.row, serial, outcome: 'reject' as const, reason, column },
      values: null,
    });
    const cells = parsed.cells;
    if (!cells) return reject('malformed_row', null, null);
    const serial = cells.serial || null;
    for (const column of importColumns[kind]) {
      if (!cells[column]) return reject('missing_field', column, serial);
      if ((cells[column]?.length ?? 0) > (maxLength[column] ?? 120)) {
        return reject('too_long', column, serial);
      }
    }
    const key = serial!.toUpperCase();
    if (seen.has(key)) return reject('duplicate_in_file', 'serial', serial);
    seen.add(key);
    const siteId = lookups.siteByName.get(cells.site!.toLowerCase());
    if (!siteId) return reject('unknown_site', 'site', serial);
    let values: Record<string, unknown>;
    try {
      if (kind === 'drums') {
        const initialLength = parseLength(cells.initial_length_m!);
        if (initialLength === null) return reject('invalid_number', 'initial_length_m', serial);
        const deliveredOn = parseDate(cells.delivered_on!);
        if (!deliveredOn) return reject('invalid_date', 'delivered_on', serial);
        values = drumValues(
          {
            serial: serial!,
            drumType: cells.drum_type!,
            cableReference: cells.cable_reference!,
            initialLength,
            siteId,
            deliveredOn,
          },
          lookups,
        );
      } else {
        values = equipmentValues({ serial: serial!, model: cells.model!, siteId }, lookups);
      }
    } catch (error) {
      const reason = error instanceof DomainError ? reasonOf[error.code] : undefined;
      if (!reason) throw error;
      return reject(reason, columnOf[reason] ?? null, serial);
    }
    const existingId = existing.get(key) ?? null;
    return {
      row: {
        line: parsed.row,
        serial,
        outcome: existingId ? 'update' : 'create',
        reason: null,
        column: null,
      },
      values,
      existingId,
    };
  });
}

async function existingSerials(tx: Database | Transaction, kind: Kind, accountId: string) {
  const table = kind === 'drums' ? drums : installedEquipment;
  const rows = await tx
    .select({ id: table.id, serial: table.serial })
    .from(table)
    .where(eq(table.accountId, accountId));
  return new Map(rows.map((row) => [row.serial.toUpperCase(), row.id]));
}

/**
 * Imports drums or installed equipment from a CSV file into an account: each row creates a new
 * serial, updates the account's row with that serial, or is rejected with its reason and row
 * number. A dry run changes nothing; applying writes every valid row in one transaction, with
 * one audit row, and answers the same report.
 */
export async function importCsv(
  db: Database,
  {
    accountId,
    kind,
    csv,
    apply,
    actor,
    now,
  }: { accountId: string; kind: Kind; csv: string; apply: boolean; actor: Actor; now: Date },
): Promise<ImportReport> {
  const parsed = readCsv(kind, csv);
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for(apply ? 'update' : 'share');
    if (!account) throw new DomainError('request.not_found');
    const planned = plan(
      kind,
      parsed,
      await lookupsFor(tx, accountId),
      await existingSerials(tx, kind, accountId),
    );
    const rows = planned.map((item) => item.row);
    const report: ImportReport = {
      applied: apply,
      created: rows.filter((row) => row.outcome === 'create').length,
      updated: rows.filter((row) => row.outcome === 'update').length,
      rejected: rows.filter((row) => row.outcome === 'reject').length,
      rows,
    };
    if (!apply) return report;
    const table = kind === 'drums' ? drums : installedEquipment;
    const toCreate = planned.flatMap((item) =>
      item.values && !item.existingId ? [{ accountId, ...item.values }] : [],
    );
    // Inserted in slices: one statement's parameters stay far below PostgreSQL's limit.
    for (let start = 0; start < toCreate.length; start += 500) {
      await tx.insert(table).values(toCreate.slice(start, start + 500) as never);
    }
    for (const item of planned) {
      if (item.values && item.existingId) {
        await tx.update(table).set(item.values).where(eq(table.id, item.existingId));
      }
    }
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'import.applied',
      target: { type: kind === 'drums' ? 'drum' : 'equipment', id: null, label: kind },
      after: { created: report.created, updated: report.updated, rejected: report.rejected },
      at: now,
    });
    return report;
  });
}
