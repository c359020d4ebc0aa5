import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { matchesQuery, registerCommands, type Command } from '@/lib/commands';
import { i18n } from '@/lib/i18n';
import { drumsQueryOptions } from '../api/get-drums';
import { refillUrl } from '../lib/refill-url';

/** Drums listed for a query; more would drown the palette's other groups. */
const MAX_DRUM_RESULTS = 8;

/**
 * The refill screen's palette entries: start a refill request, and find a drum by
 * serial (opening its detail). Drums come from the overview's cache, fetched once if needed.
 */
export function useRefillCommands(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const latest = useRef({ navigate, queryClient });
  useEffect(() => {
    latest.current = { navigate, queryClient };
  });

  useEffect(
    () =>
      registerCommands({
        id: 'refill',
        getCommands: async (query) => {
          await i18n.loadNamespaces('refill');
          const t = i18n.getFixedT(null, 'refill');
          const commands: Command[] = [
            {
              id: 'refill.request',
              label: t('refill:palette.startRequest'),
              group: t('refill:palette.group'),
              keywords: ['refill', 'réassort', 'commande', 'order', 'request', 'demande'],
              perform: () => void latest.current.navigate(refillUrl({ tab: 'request' })),
            },
          ];
          const words = query.trim();
          if (words) {
            const { drums } = await latest.current.queryClient.ensureQueryData(drumsQueryOptions());
            const found = drums
              .filter((drum) => matchesQuery(words, drum.serial, drum.product.reference))
              .slice(0, MAX_DRUM_RESULTS);
            for (const drum of found) {
              commands.push({
                id: `drum.${drum.serial}`,
                label: t('refill:palette.openDrum', { serial: drum.serial, site: drum.site.name }),
                group: t('refill:palette.drums'),
                keywords: [drum.serial, drum.product.reference],
                perform: () => void latest.current.navigate(refillUrl({ drum: drum.id })),
              });
            }
          }
          return commands.filter(
            (command) =>
              !words ||
              command.id.startsWith('drum.') ||
              matchesQuery(words, command.label, ...(command.keywords ?? [])),
          );
        },
      }),
    [],
  );
}
