/**
 * /admin: the guarded panel. app/ is the one layer that composes features: the admin feature gives
 * the session (guard, providers, header, tab bar), and each tab is a feature of its own (leads,
 * trash, reports, settings) that never imports another.
 */
import { Center, Container, Loader, Stack } from '@mantine/core';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useMatch, useNavigate, useSearchParams } from 'react-router-dom';
import { useUser } from 'reactfire';
import { showToast } from '@/components/toast';
import { routes } from '@/config/routes';
import { usePageTitle } from '@/lib/page/use-page-title';
import { keptComponent, useKept } from '@/lib/page/kept-component';
import { afterFirstContent, loadAfterFirstContent } from '@/lib/page/when-idle';
import {
  AdminGuard,
  AdminHeader,
  AdminProviders,
  AdminTabs,
  logoutToast,
  PanelFirestoreProvider,
  signOutAdmin,
  useAdminConfirmed,
  useAdminMembership,
} from '@/features/admin';
import { panelDeniedToast } from '@/features/admin/messages';
import { useActiveLeads } from '@/features/leads';
import { SuspectsEntry, useHeldCount } from '@/features/suspects';
// The count only: the tab's own code loads when it is opened (below). Imported from its module,
// not the feature's index, which would bring the whole tab into the first load.
import { useTrashCount } from '@/features/trash/hooks/use-trash-count';
import { auth } from '@/lib/firebase/auth';
import { firestore } from '@/lib/firebase/firestore';
import { listenToFirstPageEarly, releaseFirstPage } from './first-page';
import { LeadsArea, leadsViewParam } from './LeadsArea';
import classes from './AdminPanelPage.module.css';
import { sameProps } from './same-props';
import { useLeaveWarning } from './use-leave-warning';
import { usePanelAddress } from './use-panel-address';
import { useRecordFocus } from './use-record-focus';

/**
 * The Leads area renders again only when its props change: opening a record (a route change)
 * re-renders the panel, and the list must not be filtered and drawn again then.
 */
const LeadsAreaMemo = memo(LeadsArea, sameProps);

/** The Lixeira tab is not on the panel's first screen: its code loads when it is opened. */
const TrashTab = lazy(() =>
  import('@/features/trash').then((module) => ({ default: module.TrashTab })),
);

/** Charts are heavy: the Relatórios tab downloads its code only when it is opened. */
const ReportsTab = lazy(() =>
  import('@/features/reports').then((module) => ({ default: module.ReportsTab })),
);

/** Configurações is rarely opened: its code (forms, number inputs) loads with the tab, not with the list. */
const SettingsTab = lazy(() =>
  import('@/features/settings').then((module) => ({ default: module.SettingsTab })),
);

/** LGPD (Brazil's data protection law): trashed leads' retention and a candidate's request. */
const RetentionSettings = lazy(() =>
  import('@/features/retention').then((module) => ({ default: module.RetentionSettings })),
);
const CandidateRequest = lazy(() =>
  import('@/features/candidate-requests').then((module) => ({
    default: module.CandidateRequest,
  })),
);

/** The jobs and localities each form offers ('Vagas e localidades'), opened and closed here. */
const VacanciesSettings = lazy(() =>
  import('@/features/vacancies').then((module) => ({ default: module.VacanciesSettings })),
);

/** 'Recontar contadores': the functions recount the panel's statistics (Configurações). */
const RecountCounters = lazy(() =>
  import('@/features/lead-stats').then((module) => ({ default: module.RecountCounters })),
);

/** Message templates, kept in Configurações (a feature of their own). */
const MessageTemplatesSettings = lazy(() =>
  import('@/features/message-templates').then((module) => ({
    default: module.MessageTemplatesSettings,
  })),
);

/** The candidate's record (/admin/leads/:id): its code is fetched once the first rows show. */
const leadRecordDrawer = keptComponent(() =>
  import('@/features/lead-record').then((module) => module.LeadRecordDrawer),
);

/**
 * The reminders of next steps (not 'Para hoje', which loads with its view: LeadsArea.tsx). They
 * listen once the first content is on screen: their code loads then, not with the first rows.
 */
const DueReminders = lazy(() => loadAfterFirstContent(() => import('./DueReminders')));

function TabLoading() {
  return (
    <Center py="xl">
      <Loader aria-label="Carregando" />
    </Center>
  );
}

export function AdminPanel() {
  const navigate = useNavigate();
  // A listener refused mid-session means the admin claim is gone: sign out as the guard does.
  const lost = useRef(false);
  const onAccessLost = useCallback(() => {
    if (lost.current) return;
    lost.current = true;
    showToast(panelDeniedToast, 'error');
    void signOutAdmin()
      .catch((error: unknown) => console.error('signOut failed', error))
      .finally(() => navigate(routes.adminLogin, { replace: true }));
  }, [navigate]);

  // Taken off the team by a colleague (Configurações → Equipe): out at once, not at token expiry.
  useAdminMembership(onAccessLost);
  // Leaving while a write is on its way asks first (it would be lost).
  useLeaveWarning();

  const address = usePanelAddress();
  // Held above the tabs (which unmount when hidden): the list, counters and the title's arrival
  // count stay live while another tab is open.
  // A clicked arrival notification opens that lead's record (or the list, for several at once).
  const activeLeads = useActiveLeads({ onAccessLost, onOpenLead: address.openRecord });
  // Opened on the board or 'Para hoje', the panel's own counts wait for the view's first cards:
  // asked beside them, their requests (the trash's a count of every trashed lead) and renders
  // came between the view's first answer and its first click.
  const [searchParams] = useSearchParams();
  const [viewShown, setViewShown] = useState(false);
  const onViewShown = useCallback(() => setViewShown(true), []);
  const opensView =
    address.tab === 'leads' && ['quadro', 'hoje'].includes(searchParams.get(leadsViewParam) ?? '');
  const countsWait = activeLeads.status === 'loading' || (opensView && !viewShown);
  // Counted once the list is there (not also while it loads), then whenever leads leave the list or
  // come back to it (here or in another panel); arrivals do not change the trash. (Held until the
  // page settled, 'Lixeira (…)' showed for up to 5 s for little gain.)
  const trash = useTrashCount(countsWait ? null : activeLeads.trashEpoch);
  // 'Suspeitos (N)': counted again when the arrivals show a lead set aside or released.
  const held = useHeldCount(countsWait ? null : activeLeads.heldEpoch);
  const { changed: leadsChanged } = activeLeads;
  const { refresh: recountHeld } = held;
  const suspectsChanged = useCallback(() => {
    recountHeld();
    leadsChanged();
  }, [recountHeld, leadsChanged]);

  // The guard may render the panel on the token's claim before the server has answered: the data
  // connection starts now, but no lead, count or record is shown until the server says admin.
  const confirmed = useAdminConfirmed();
  const shown = (tab: ReactNode) => (confirmed ? tab : <TabLoading />);
  // The Leads tab has listened to its first page in this commit's effects (children's first):
  // the early listener (first-page.ts) is no longer needed.
  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(releaseFirstPage, 0);
    return () => clearTimeout(timer);
  }, [confirmed]);

  const { data: user } = useUser();
  const myEmail = user?.email?.toLowerCase() ?? null;

  const record = useMatch(routes.leadRecord);
  const recordId = record?.params.id;
  // Chosen per record opened: the code arriving while one is open does not mount it again.
  const LeadRecordDrawer = useKept(leadRecordDrawer, recordId);
  // Closed, the record gives the focus back to the name that opened it.
  useRecordFocus(recordId);
  // Fetched once the first rows are on screen and the main thread is idle, so opening a record
  // waits for no download, and the record's code is not run while the rows are drawn
  // (web/README.md, "The panel's open on a slow phone").
  useEffect(() => afterFirstContent(() => void leadRecordDrawer.load().catch(() => undefined)), []);

  // Stable: the header is memoised on it (the panel renders again for arrivals and counts).
  const signOut = useCallback(() => {
    void (async () => {
      try {
        await signOutAdmin();
        showToast(logoutToast, 'success');
      } catch (error) {
        console.error('Sign-out failed', error);
      }
      navigate(routes.adminLogin, { replace: true });
    })();
  }, [navigate]);

  return (
    <>
      <AdminHeader onSignOut={signOut} />
      {/* Next steps falling due are reminded on every tab and view (once the server says admin). */}
      <Suspense fallback={null}>
        <DueReminders me={confirmed ? myEmail : null} onOpenLead={address.openRecord} />
      </Suspense>
      <Container size="xl" className={classes.main}>
        <AdminTabs
          trashCount={confirmed ? trash.count : null}
          active={address.tab}
          onChange={address.onTab}
          panels={{
            leads: shown(
              <div className={classes.leads}>
                <SuspectsEntry count={held.count} onChanged={suspectsChanged} />
                <LeadsAreaMemo
                  live={activeLeads}
                  me={myEmail}
                  listView={address.listView}
                  onListViewChange={address.onListView}
                  onViewShown={onViewShown}
                />
              </div>,
            ),
            lixeira: shown(
              <Suspense fallback={<TabLoading />}>
                <TrashTab onChanged={trash.refresh} onAccessLost={onAccessLost} />
              </Suspense>,
            ),
            relatorios: shown(
              <Suspense fallback={<TabLoading />}>
                <ReportsTab />
              </Suspense>,
            ),
            configuracoes: shown(
              <Suspense fallback={<TabLoading />}>
                <Stack gap="lg">
                  <VacanciesSettings />
                  <SettingsTab />
                  <RetentionSettings onDeleted={trash.refresh} />
                  <CandidateRequest />
                  <MessageTemplatesSettings />
                  <RecountCounters />
                </Stack>
              </Suspense>,
            ),
          }}
        />
      </Container>
      {recordId && confirmed && (
        <Suspense fallback={null}>
          <LeadRecordDrawer
            leadId={recordId}
            live={activeLeads.data.find((lead) => lead.id === recordId)}
            onClose={address.closeRecord}
          />
        </Suspense>
      )}
    </>
  );
}

export function AdminPanelPage() {
  usePageTitle(routes.admin);
  // Before the guard has decided: the first page (or the view's first queries) is asked for as
  // soon as the session is known.
  useEffect(() => {
    // The address the panel opened at (a reload, or a link with filters): the list's first page.
    const stop = listenToFirstPageEarly(auth, firestore, window.location.search);
    return () => {
      stop();
      releaseFirstPage();
    };
  }, []);
  return (
    <AdminProviders>
      <AdminGuard>
        <PanelFirestoreProvider>
          <AdminPanel />
        </PanelFirestoreProvider>
      </AdminGuard>
    </AdminProviders>
  );
}

export { AdminPanelPage as Component };
