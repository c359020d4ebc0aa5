import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountInput,
  DrumInput,
  EquipmentInput,
  ImportReport,
  ImportRequest,
  Invitation,
  InviteRequest,
  SiteInput,
} from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { accountsKeys } from './accounts-keys';

const base = (accountId: string) => `/backoffice/accounts/${accountId}`;

/** POST /api/backoffice/accounts: a new account; answers its id. */
export function createAccount(input: AccountInput) {
  return apiRequest<{ id: string }>('/backoffice/accounts', { method: 'POST', body: input });
}

/** PUT /api/backoffice/accounts/:id: name, verified domains, notes. */
export function updateAccount({ accountId, ...input }: AccountInput & { accountId: string }) {
  return apiRequest<void>(base(accountId), { method: 'PUT', body: input });
}

/** POST …/suspend or …/unsuspend: suspending ends all the account's sessions at once. */
export function setSuspended({ accountId, suspended }: { accountId: string; suspended: boolean }) {
  return apiRequest<void>(`${base(accountId)}/${suspended ? 'suspend' : 'unsuspend'}`, {
    method: 'POST',
    body: {},
  });
}

type ItemKind = 'sites' | 'drums' | 'equipment';
interface SaveItem<TInput> {
  accountId: string;
  /** Absent: a new item. */
  itemId?: string;
  input: TInput;
}

/** POST (new) or PUT (change) one of the account's sites, drums or machines. */
function saveItem<TInput>(kind: ItemKind) {
  return ({ accountId, itemId, input }: SaveItem<TInput>) =>
    apiRequest<{ id: string }>(`${base(accountId)}/${kind}${itemId ? `/${itemId}` : ''}`, {
      method: itemId ? 'PUT' : 'POST',
      body: input,
    });
}

export const saveSite = saveItem<SiteInput>('sites');
export const saveDrum = saveItem<DrumInput>('drums');
export const saveEquipment = saveItem<EquipmentInput>('equipment');

/** POST …/import: a dry run's report, or the applied one. */
export function importCsv({ accountId, ...body }: ImportRequest & { accountId: string }) {
  return apiRequest<ImportReport>(`${base(accountId)}/import`, { method: 'POST', body });
}

/** POST …/invitations: someone (the customer's first admin) gets the one-time link by mail. */
export function inviteUser({ accountId, ...body }: InviteRequest & { accountId: string }) {
  return apiRequest<Invitation>(`${base(accountId)}/invitations`, { method: 'POST', body });
}

/** An accounts mutation that refreshes the lists, the account and the audit trail once done. */
function useAccountsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKeys.all }),
  });
}

export const useCreateAccount = () => useAccountsMutation(createAccount);
export const useUpdateAccount = () => useAccountsMutation(updateAccount);
export const useSetSuspended = () => useAccountsMutation(setSuspended);
export const useSaveSite = () => useAccountsMutation(saveSite);
export const useSaveDrum = () => useAccountsMutation(saveDrum);
export const useSaveEquipment = () => useAccountsMutation(saveEquipment);
export const useImportCsv = () => useAccountsMutation(importCsv);
export const useInviteUser = () => useAccountsMutation(inviteUser);
