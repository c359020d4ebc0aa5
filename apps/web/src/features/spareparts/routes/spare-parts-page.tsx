import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import { Button } from '@portal/ui/button';
import { PageHeader } from '@portal/ui/page-header';
import { Tabs } from '@portal/ui/tabs';
import { useAbility } from '@/lib/ability';
import { useTranslation } from '@/lib/i18n';
import { Catalogue } from '../components/catalogue';
import { LoadingState } from '@/lib/load-states';
import { useScreenParams } from '../hooks/use-screen-params';
import { openCartPanel } from '../lib/cart-panel';
import { isSparePartsTab, QUOTE_PARAM, type SparePartsTab } from '../lib/spare-parts-url';

// The catalogue comes first; the part dialog and the quotes (with the chat) load when first shown.
const PartDetailDialog = lazy(() =>
  import('../components/part-detail-dialog').then((module) => ({
    default: module.PartDetailDialog,
  })),
);
const QuoteHistory = lazy(() =>
  import('../components/quote-history').then((module) => ({ default: module.QuoteHistory })),
);

function Deferred({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback === undefined ? <LoadingState /> : fallback}>{children}</Suspense>
  );
}

/**
 * /spareparts: the catalogue for the account's equipment, and the quote requests. The tab, the
 * open quote and the open part (`tab`, `quote`, `part`) live in the search parameters beside the
 * catalogue's search, filters, sort and page, so every view is a URL that reloads and goes back.
 */
export default function SparePartsPage() {
  const { t } = useTranslation('spareparts');
  // The cart is where a quote is asked: only for those who may order (the server refuses others).
  const canOrder = useAbility().can('order', 'spareparts');
  const { params, update } = useScreenParams();
  const tabParam = params.get('tab');
  const tab: SparePartsTab = isSparePartsTab(tabParam) ? tabParam : 'catalogue';
  const partId = params.get('part');
  const quoteId = params.get(QUOTE_PARAM);
  // The dialog stays mounted after its first opening, so closing animates and focus returns.
  const [shownPartId, setShownPartId] = useState(partId);
  if (partId && partId !== shownPartId) setShownPartId(partId);

  const openPart = useCallback(
    (id: string) =>
      update((current) => {
        const next = new URLSearchParams(current);
        next.set('part', id);
        return next;
      }),
    [update],
  );
  const closePart = useCallback(
    () =>
      update(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('part');
          return next;
        },
        { replace: true },
      ),
    [update],
  );
  const setTab = (next: SparePartsTab) =>
    update((current) => {
      const updated = new URLSearchParams(current);
      updated.delete(QUOTE_PARAM);
      if (next === 'catalogue') updated.delete('tab');
      else updated.set('tab', next);
      return updated;
    });
  const openQuote = (id: string | null) =>
    update((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', 'quotes');
      if (id) next.set(QUOTE_PARAM, id);
      else next.delete(QUOTE_PARAM);
      return next;
    });

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canOrder ? (
            <Button variant="outlined" onPress={openCartPanel}>
              {t('cart.title')}
            </Button>
          ) : undefined
        }
      />
      <Tabs
        label={t('tabs.label')}
        selectedId={tab}
        onChange={(id) => {
          if (isSparePartsTab(id)) setTab(id);
        }}
        items={[
          {
            id: 'catalogue',
            label: t('tabs.catalogue'),
            content: <Catalogue onOpenPart={openPart} />,
          },
          {
            id: 'quotes',
            label: t('tabs.quotes'),
            content: (
              <Deferred>
                <QuoteHistory
                  quoteId={tab === 'quotes' ? quoteId : null}
                  onOpenQuote={openQuote}
                  onBrowse={() => setTab('catalogue')}
                />
              </Deferred>
            ),
          },
        ]}
      />
      {shownPartId ? (
        <Deferred fallback={null}>
          <PartDetailDialog
            isOpen={Boolean(partId)}
            partId={partId ?? shownPartId}
            onClose={closePart}
            onOpenPart={openPart}
          />
        </Deferred>
      ) : null}
    </>
  );
}
