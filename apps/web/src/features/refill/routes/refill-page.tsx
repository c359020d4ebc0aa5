import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@portal/ui/badge';
import { Tabs } from '@portal/ui/tabs';
import { useTranslation } from '@/lib/i18n';
import { useDrums } from '../api/get-drums';
import { useRefillProposals } from '../api/get-refill-proposals';
import { DrumOverview } from '../components/drum-overview';
import { ProposedRefills } from '../components/proposed-refills';
import { RefillPageHeader } from '../components/refill-page-header';
import { prepareRefillFormat, useRefillFormat } from '../hooks/use-refill-format';
import { ErrorState, LoadingState } from '@/lib/load-states';
import {
  COLLECTION_PARAM,
  isRefillTab,
  REFILL_DRUM_PARAM,
  RELEASE_PARAM,
  type RefillTab,
} from '../lib/refill-url';
import styles from '../components/refill.module.css';
import { useAbility } from '@/lib/ability';

// The overview comes first; the other panels (phone numbers, calendars, file upload, chat) and
// the drum detail load when first shown, so the screen's first chunk stays small.
const AlertSettingsPanel = lazy(() =>
  import('../components/alert-settings').then((module) => ({ default: module.AlertSettingsPanel })),
);
const DrumDetail = lazy(() =>
  import('../components/drum-detail').then((module) => ({ default: module.DrumDetail })),
);
const RefillRequestForm = lazy(() =>
  import('../components/refill-request-form').then((module) => ({
    default: module.RefillRequestForm,
  })),
);
const RequestHistory = lazy(() =>
  import('../components/request-history').then((module) => ({ default: module.RequestHistory })),
);
const CollectionHistory = lazy(() =>
  import('../components/collection-history').then((module) => ({
    default: module.CollectionHistory,
  })),
);

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState />}>{children}</Suspense>;
}

/**
 * /refill: the drums on the customer's sites. The tab and the open drum live in the search
 * parameters (`tab`, `drum`) beside the overview's filters, so every view is a shareable URL
 * without routes of its own.
 */
export default function RefillPage() {
  // A viewer reads; requesting a refill needs `order refill` (the server refuses it too).
  const canOrder = useAbility().can('order', 'refill');
  const { t } = useTranslation('refill');
  const { language } = useRefillFormat();
  useEffect(() => prepareRefillFormat(language), [language]);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  // The request form is a tab only for those who may order: a link to it shows a viewer the drums.
  const tab: RefillTab =
    isRefillTab(tabParam) && (tabParam !== 'request' || canOrder) ? tabParam : 'drums';
  const drumId = params.get('drum');
  const drums = useDrums();
  const { proposals, isSettled: areProposalsSettled } = useRefillProposals();
  const proposedDrumIds = useMemo(
    () => new Set(proposals.map((proposal) => proposal.drum.id)),
    [proposals],
  );
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  // Drums named in the URL start the form with them chosen, on arrival or by a link followed
  // on this screen (a delivered request's "order again").
  const linkedDrumIds = tab === 'request' ? params.getAll(REFILL_DRUM_PARAM).join(',') : '';
  const [requestDrumIds, setRequestDrumIds] = useState<string[]>(() =>
    linkedDrumIds ? linkedDrumIds.split(',') : [],
  );
  const [seenLinkedDrumIds, setSeenLinkedDrumIds] = useState(linkedDrumIds);
  if (seenLinkedDrumIds !== linkedDrumIds) {
    setSeenLinkedDrumIds(linkedDrumIds);
    if (linkedDrumIds) setRequestDrumIds(linkedDrumIds.split(','));
  }

  // Back from a drum's detail, focus returns to the button that opened it (APG: like a dialog),
  // once the overview has drawn it again.
  const [shownDrumId, setShownDrumId] = useState(drumId);
  const [focusDrumId, setFocusDrumId] = useState<string | null>(null);
  if (shownDrumId !== drumId) {
    setShownDrumId(drumId);
    setFocusDrumId(drumId ? null : shownDrumId);
  }

  const setTab = (next: RefillTab) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'drums') updated.delete('tab');
      else updated.set('tab', next);
      return updated;
    });
  // The same functions from one render to the next: the overview's cards are not drawn again
  // when only the page around them changes (a drum selected, a request opened).
  const openDrum = useCallback(
    (id: string | null, { release = false } = {}) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (id) updated.set('drum', id);
        else updated.delete('drum');
        if (id && release) updated.set(RELEASE_PARAM, '1');
        else updated.delete(RELEASE_PARAM);
        return updated;
      }),
    [setParams],
  );
  const releaseDrum = useCallback((id: string) => openDrum(id, { release: true }), [openDrum]);
  const onDrumFocused = useCallback(() => setFocusDrumId(null), []);
  // Released, the drum's collection opens in the request history.
  const showCollection = (collectionId: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete('drum');
      updated.delete(RELEASE_PARAM);
      updated.set('tab', 'requests');
      updated.set(COLLECTION_PARAM, collectionId);
      return updated;
    });
  // Opened by a button, the form takes the focus; closed (cancelled or sent), the focus goes back
  // to that button, or to the header's "request a refill" when the button is gone with its tab.
  const requestOpener = useRef<HTMLElement | null>(null);
  const [isRequestFocused, setIsRequestFocused] = useState(false);
  const isReturningFocus = useRef(false);
  useEffect(() => {
    if (!isReturningFocus.current || tab === 'request') return;
    isReturningFocus.current = false;
    const opener = requestOpener.current;
    requestOpener.current = null;
    (opener?.isConnected
      ? opener
      : document.querySelector<HTMLElement>('[data-request-start]')
    )?.focus();
  }, [tab]);
  const startRequest = (ids: string[]) => {
    requestOpener.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIsRequestFocused(true);
    setRequestDrumIds(ids);
    setTab('request');
  };
  const closeRequest = (next: RefillTab) => {
    setIsRequestFocused(false);
    isReturningFocus.current = true;
    setTab(next);
  };
  const openDrumSummary = drumId ? drums.data?.drums.find((drum) => drum.id === drumId) : undefined;
  const activeAlerts = drums.data?.drums.filter((drum) => drum.activeAlert).length ?? 0;

  const requestPanel = drums.isPending ? (
    <LoadingState />
  ) : drums.isError ? (
    <ErrorState error={drums.error} onRetry={() => void drums.refetch()} />
  ) : drums.data.drums.length === 0 ? (
    <p className={styles.empty}>{t('overview.noDrums')}</p>
  ) : (
    <Deferred>
      <RefillRequestForm
        // A new selection starts a new form.
        key={requestDrumIds.join(',')}
        drums={drums.data.drums}
        initialDrumIds={requestDrumIds}
        focusOnOpen={isRequestFocused}
        onSent={() => {
          setSelectedIds([]);
          setRequestDrumIds([]);
          closeRequest('requests');
        }}
        onCancel={() => closeRequest('drums')}
      />
    </Deferred>
  );

  return (
    <>
      <RefillPageHeader
        onStartRequest={tab === 'request' || !canOrder ? null : () => startRequest(selectedIds)}
      />
      {openDrumSummary ? (
        <Deferred>
          <DrumDetail
            drum={openDrumSummary}
            proposal={proposals.find((proposal) => proposal.drum.id === openDrumSummary.id)}
            onReviewProposal={(id) => {
              openDrum(null);
              startRequest([id]);
            }}
            onClose={() => openDrum(null)}
            isReleasing={params.has(RELEASE_PARAM)}
            onReleasingChange={(isReleasing) =>
              openDrum(openDrumSummary.id, { release: isReleasing })
            }
            onReleased={(collection) => showCollection(collection.id)}
          />
        </Deferred>
      ) : (
        <Tabs
          label={t('tabs.label')}
          selectedId={tab}
          onChange={(id) => {
            if (!isRefillTab(id)) return;
            // Chosen by its tab, the form leaves the focus on the tab.
            setIsRequestFocused(false);
            setTab(id);
          }}
          items={[
            {
              id: 'drums',
              label: t('tabs.drums'),
              // The proposals come with the page (both read with its HTML): the drums show once
              // they are in, so the block above them never pushes them down.
              content: areProposalsSettled ? (
                <>
                  {proposals.length ? (
                    <ProposedRefills proposals={proposals} onReview={(id) => startRequest([id])} />
                  ) : null}
                  <DrumOverview
                    selectedIds={selectedIds}
                    onSelectionChange={setSelectedIds}
                    onOpenDrum={openDrum}
                    onRequestRefill={canOrder ? startRequest : undefined}
                    proposedDrumIds={proposedDrumIds}
                    focusDrumId={focusDrumId}
                    onDrumFocused={onDrumFocused}
                    onReleaseDrum={canOrder ? releaseDrum : undefined}
                  />
                </>
              ) : (
                <LoadingState />
              ),
            },
            ...(canOrder
              ? [{ id: 'request', label: t('tabs.request'), content: requestPanel }]
              : []),
            {
              id: 'requests',
              label: t('tabs.requests'),
              content: (
                <Deferred>
                  <div className={styles.stack}>
                    <RequestHistory onNewRequest={canOrder ? () => startRequest([]) : undefined} />
                    <CollectionHistory />
                  </div>
                </Deferred>
              ),
            },
            {
              id: 'alerts',
              label: (
                <span className={styles.tabWithBadge}>
                  {t('tabs.alerts')}
                  <Badge
                    value={activeAlerts}
                    tone="destructive"
                    label={t('overview.activeAlerts', { count: activeAlerts })}
                  />
                </span>
              ),
              content: (
                <Deferred>
                  <AlertSettingsPanel />
                </Deferred>
              ),
            },
          ]}
        />
      )}
      {drumId && drums.isSuccess && !openDrumSummary ? (
        <p role="alert" className={styles.empty}>
          {t('detail.notFound')}
        </p>
      ) : null}
    </>
  );
}
