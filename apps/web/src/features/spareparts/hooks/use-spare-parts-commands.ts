import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { SPARE_PART_SEARCH_MAX } from '@portal/contract';
import { paths } from '@/config/paths';
import { currentLanguage, i18n } from '@/lib/i18n';
import { matchesQuery, registerCommands, type Command } from '@/lib/commands';
import { sparePartsQueryOptions } from '../api/get-spare-parts';
import { openCartPanel } from '../lib/cart-panel';
import { sparePartsUrl } from '../lib/spare-parts-url';

/** Parts listed for a query; more would drown the palette's other groups. */
const MAX_PART_RESULTS = 8;

/**
 * The spare-parts palette entries: open the cart, and find a part by number. The
 * query goes to the catalogue's server-side search (part-number prefix or designation words);
 * a found part opens its detail dialog, over the catalogue as it is when already there.
 */
export function useSparePartsCommands(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const latest = useRef({ navigate, location, queryClient });
  useEffect(() => {
    latest.current = { navigate, location, queryClient };
  });

  useEffect(
    () =>
      registerCommands({
        id: 'spareparts',
        getCommands: async (query) => {
          await i18n.loadNamespaces('spareparts');
          const t = i18n.getFixedT(null, 'spareparts');
          const group = t('spareparts:palette.group');
          const words = query.trim().slice(0, SPARE_PART_SEARCH_MAX);
          const commands: Command[] = [
            {
              id: 'spareparts.cart',
              label: t('spareparts:palette.openCart'),
              group,
              keywords: ['cart', 'panier', 'quote', 'devis', 'basket'],
              perform: openCartPanel,
            },
          ];
          if (!words) {
            commands.push({
              id: 'spareparts.find',
              label: t('spareparts:palette.findPart'),
              group,
              keywords: ['part', 'pièce', 'reference', 'référence', 'spare', 'détachée'],
              perform: () => void latest.current.navigate(sparePartsUrl()),
            });
            return commands;
          }

          const openPart = (partId: string) => {
            const { location: where, navigate: go } = latest.current;
            if (where.pathname === paths.spareParts) {
              const next = new URLSearchParams(where.search);
              next.set('part', partId);
              void go(`?${next.toString()}`);
            } else {
              void go(sparePartsUrl({ part: partId }));
            }
          };
          const page = await latest.current.queryClient.fetchQuery({
            ...sparePartsQueryOptions({
              search: words,
              page: 1,
              pageSize: 25,
              lang: currentLanguage(),
            }),
            staleTime: 30_000,
          });
          const found = page.items.slice(0, MAX_PART_RESULTS).map<Command>((part) => ({
            id: `part.${part.id}`,
            label: t('spareparts:palette.openPart', {
              partNumber: part.partNumber,
              designation: part.designation,
            }),
            group: t('spareparts:palette.parts'),
            // The typed text matched on the server (a prefix, a word of the designation).
            keywords: [part.partNumber, part.designation, words],
            perform: () => openPart(part.id),
          }));
          const search: Command = {
            id: 'spareparts.search',
            label: t('spareparts:palette.searchFor', { query: words }),
            group,
            keywords: [words],
            perform: () => void latest.current.navigate(sparePartsUrl({ search: words })),
          };
          return [
            ...commands.filter((command) =>
              matchesQuery(words, command.label, ...(command.keywords ?? [])),
            ),
            ...found,
            search,
          ];
        },
      }),
    [],
  );
}
