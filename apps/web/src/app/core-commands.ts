import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { appStore } from '@/lib/app-store';
import { matchesQuery, registerCommands, type Command } from '@/lib/commands';
import { currentLanguage, i18n } from '@/lib/i18n';
import { invalidateConsent, useSwitchLanguage } from './use-session-actions';
import { useSignOutAction } from './use-sign-out-action';
import type { AppAbility } from '@/lib/ability';
import type { RawRuleOf } from '@casl/ability';

/**
 * The shell's palette entries: go to a screen (the ones the ability allows),
 * switch language, change the cookie choice, sign out. Features register theirs the same way.
 */
export function useCoreCommands(): void {
  const navigate = useNavigate();
  const signOut = useSignOutAction();
  const switchLanguage = useSwitchLanguage();
  // The latest callbacks, read when a command runs; the source itself is registered once.
  const actions = useRef({ navigate, signOut, switchLanguage });
  useEffect(() => {
    actions.current = { navigate, signOut, switchLanguage };
  });

  useEffect(
    () =>
      registerCommands({
        id: 'shell',
        // First in the palette, before the features' entries, though it registers only when the
        // palette first opens (palette-with-commands.tsx).
        order: -1,
        getCommands: async (query) => {
          const t = i18n.getFixedT(null, 'common');
          const { isAuthenticated, rules } = appStore.getState();
          // CASL is loaded with the palette's first use, not with every visitor's first page.
          const { buildAbility } = await import('@/lib/ability');
          const ability = buildAbility(rules as RawRuleOf<AppAbility>[]);
          const go = (path: string) => () => void actions.current.navigate(path);
          const commands: Command[] = [];
          if (isAuthenticated) {
            const screens = [
              { id: 'refill', path: paths.refill, allowed: ability.can('get', 'refill') },
              { id: 'calculator', path: paths.calculator, allowed: true },
              {
                id: 'spareparts',
                path: paths.spareParts,
                allowed: ability.can('get', 'spareparts'),
              },
            ];
            for (const screen of screens.filter((s) => s.allowed)) {
              const name = t(`screens.${screen.id}`);
              commands.push({
                id: `nav.${screen.id}`,
                label: t('shell:palette.goTo', { screen: name }),
                group: t('shell:palette.groups.navigation'),
                keywords: [screen.path],
                perform: go(screen.path),
              });
            }
          }
          commands.push({
            id: 'nav.compliancy',
            label: t('shell:palette.goTo', { screen: t('screens.compliancy') }),
            group: t('shell:palette.groups.navigation'),
            perform: go(paths.compliancy),
          });
          const other = currentLanguage() === 'fr' ? 'en' : 'fr';
          commands.push({
            id: 'language.switch',
            label: t(`shell:language.switchTo.${other}`),
            group: t('shell:palette.groups.language'),
            keywords: ['language', 'langue', 'english', 'français'],
            perform: () => actions.current.switchLanguage(other),
          });
          commands.push({
            id: 'consent.invalidate',
            label: t('shell:profile.invalidateConsent'),
            group: t('shell:palette.groups.account'),
            keywords: ['cookies', 'consent', 'consentement'],
            perform: invalidateConsent,
          });
          if (isAuthenticated) {
            commands.push({
              id: 'session.signout',
              label: t('shell:profile.signOut'),
              group: t('shell:palette.groups.account'),
              keywords: ['logout', 'déconnexion'],
              perform: () => void actions.current.signOut(),
            });
          }
          return commands.filter((command) =>
            matchesQuery(query, command.label, ...(command.keywords ?? [])),
          );
        },
      }),
    [],
  );
}
