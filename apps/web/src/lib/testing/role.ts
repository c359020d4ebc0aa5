import { rulesForRole, type Role } from '@portal/contract';
import { appStore } from '@/lib/app-store';

/** Gives the store the rules the server computes for `role`, as a signed-in user of it has. */
export function actAs(role: Role, siteIds: string[] | null = null): void {
  appStore.setState({
    rules: rulesForRole(role, siteIds),
    isAuthenticated: true,
    isLoading: false,
  });
}
