// The admin console (one lazy route chunk; no public page loads any of it): a sidebar with
// My day, the overview, the lists (spec §2’s five and the later ones) with the leads new since the console
// opened, People, the saved views, import, templates, the team, the assignment rules, the
// erasure log and the member's settings (each as their role allows), and Logout; a header
// with the search across every list and Welcome; reminders as they come due; the keys.
// Its stylesheet is its own, linked only here, so public pages do not carry it either. On a
// phone the sidebar is one row (the brand and a Menu button) and the links, the views, Logout,
// the search and Welcome wait behind the button, so the page starts under one short row.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES, ADMIN_PATHS } from '../../../../../contract/admin.ts';
import { LIST_SLUGS, listOf } from '../../../../../contract/lead-kinds.ts';
import type { Permission } from '../../../../../contract/roles.ts';
import { CONSOLE_ROUTES } from '../../../../../contract/routes.ts';
import { ToastProvider, useToast } from '../../../../components/Toast.tsx';
import { adminName, clearSession, onSessionEnded, readSession, type SessionNotice } from '../../session.ts';
import { formatCount } from '../common/format.ts';
import { LeadEventsProvider, useLeadEvents } from '../common/lead-events.tsx';
import consoleCss from './console.css?url';
import deskCss from '../common/desk.css?url';
import workspaceCss from '../common/workspace.css?url';
import sessionsCss from '../sessions/sessions.css?url';
import reportsCss from '../reports/reports.css?url';
import notifyCss from '../notify/notify.css?url';
import scoreCss from '../score/score.css?url';
import { Bell } from '../notify/Bell.tsx';
import { unsubscribeDevice } from '../notify/push-device.ts';
import SessionPage from '../sessions/SessionPage.tsx';
import SessionsPage from '../sessions/SessionsPage.tsx';
import AuditPage from '../settings/AuditPage.tsx';
import AssignmentPage from '../team/AssignmentPage.tsx';
import RulesPage from '../rules/RulesPage.tsx';
import ScoreWeightsPage from '../score/ScoreWeightsPage.tsx';
import ListPage from '../list/ListPage.tsx';
import MyDayPage from '../my-day/MyDayPage.tsx';
import Overview from '../overview/Overview.tsx';
import SettingsPage from '../settings/SettingsPage.tsx';
import TeamPage from '../team/TeamPage.tsx';
import { MemberProvider, useMember } from '../common/member.tsx';
import { Reminders } from './Reminders.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { Shortcuts } from './Shortcuts.tsx';
import { SidebarViews, ViewsProvider } from '../list/views.tsx';
import PeoplePage from '../people/PeoplePage.tsx';
import PersonPage from '../people/PersonPage.tsx';
import ImportPage from '../list/ImportPage.tsx';
import TemplatesPage from '../settings/TemplatesPage.tsx';
import BatchesPage from '../bookings/BatchesPage.tsx';
import WebinarSchedulePage from '../webinars/WebinarSchedulePage.tsx';
import PaymentChecksPage from '../bookings/PaymentChecksPage.tsx';
import ReportsPage from '../reports/ReportsPage.tsx';

interface MenuState {
  open: boolean;
  toggle: () => void;
  /** A link in the menu was followed: close it and put the focus on the page it opened. */
  followed: (e: MouseEvent) => void;
  button: RefObject<HTMLButtonElement | null>;
}

/**
 * The phone's menu (a disclosure): open and closed by its button, closed by Escape (the focus
 * back on the button) and by following a link in it (the focus on the new page's content).
 */
function useMenu(): MenuState {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Any move to another page (a link, the search, a key) leaves the menu closed behind it.
  const { pathname, search } = useLocation();
  const [shownAt, setShownAt] = useState(`${pathname}${search}`);
  if (shownAt !== `${pathname}${search}`) {
    setShownAt(`${pathname}${search}`);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const followed = (e: MouseEvent) => {
    if (!open || !(e.target as Element).closest('a[href]')) return;
    setOpen(false);
    // The link that had the focus is hidden with the menu; the page it opened takes it.
    window.requestAnimationFrame(() => document.getElementById('console-main')?.focus({ preventScroll: true }));
  };
  return { open, toggle: () => setOpen((o) => !o), followed, button };
}

/** A page of the console, linked from the sidebar for the members whose role may use it (every member when none is named). */
interface PageLink {
  to: string;
  label: string;
  permission?: Permission;
}

/** Before the lists: where a member's day starts. */
const FIRST_LINKS: readonly PageLink[] = [
  { to: '/admin/my-day', label: 'My day', permission: 'leads.read' },
  { to: '/admin/overview', label: 'Overview', permission: 'overview.read' },
  { to: '/admin/reports', label: 'Reports', permission: 'reports.read' },
];

/** After the lists: the people, the tools and the member's own settings. */
const LATER_LINKS: readonly PageLink[] = [
  { to: '/admin/people', label: 'People', permission: 'leads.read' },
  { to: '/admin/import', label: 'Import', permission: 'leads.import' },
  { to: '/admin/templates', label: 'Templates', permission: 'leads.work' },
  { to: '/admin/batches', label: 'Batches', permission: 'leads.read' },
  { to: '/admin/webinar-schedule', label: 'Webinars', permission: 'leads.read' },
  { to: '/admin/payments', label: 'Payments to check', permission: 'payments.confirm' },
  { to: '/admin/sessions', label: 'Sessions', permission: 'sessions.run' },
  { to: '/admin/team', label: 'Team', permission: 'team.read' },
  { to: '/admin/assignment', label: 'Assignment', permission: 'assignment.read' },
  { to: '/admin/rules', label: 'Rules', permission: 'rules.manage' },
  { to: '/admin/score', label: 'Lead score', permission: 'score.tune' },
  { to: '/admin/audit', label: 'Erasure log', permission: 'audit.read' },
  { to: '/admin/settings', label: 'My settings' },
];

function PageLinks({ links }: { links: readonly PageLink[] }) {
  const member = useMember();
  return links
    .filter((link) => !link.permission || member.can(link.permission))
    .map((link) => (
      <li key={link.to}>
        <NavLink to={link.to}>{link.label}</NavLink>
      </li>
    ));
}

/** A link per lead list, with how many leads arrived in it since the console opened. */
function ListLinks() {
  const { arrived } = useLeadEvents();
  const member = useMember();
  return (member.can('leads.read') ? LIST_SLUGS : []).map((slug) => (
    <li key={slug}>
      <NavLink to={`/admin/${slug}`}>
        {listOf(slug).title}
        {arrived[slug] > 0 && (
          <span className="console__badge" data-testid={`new-${slug}`}>
            {formatCount(arrived[slug])}
            <span className="visually-hidden"> new since you opened the console</span>
          </span>
        )}
      </NavLink>
    </li>
  ));
}

function Sidebar({ onLogout, loggingOut, menu }: { onLogout: () => void; loggingOut: boolean; menu: MenuState }) {
  const { live } = useLeadEvents();
  const member = useMember();
  return (
    <aside className="console__sidebar">
      <div className="console__bar">
        <p className="console__brand">SkillUp admin</p>
        <Bell />
        <button
          ref={menu.button}
          type="button"
          className="console__menu-button"
          aria-expanded={menu.open}
          aria-controls="console-menu console-header"
          onClick={menu.toggle}
        >
          <span aria-hidden="true" className="console__menu-icon" />
          Menu
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- only notices links followed (Enter on a link is a click too) */}
      <div id="console-menu" className="console__menu" onClick={menu.followed}>
        <nav aria-label="Admin">
          <ul>
            <PageLinks links={FIRST_LINKS} />
            <ListLinks />
            <PageLinks links={LATER_LINKS} />
          </ul>
        </nav>
        <SidebarViews />
        {/* Live leads are news only to those who read leads: a trainer's sidebar says nothing of them. */}
        {member.can('leads.read') ? (
          <p className={live ? 'console__live is-live' : 'console__live'} role="status">
            {live ? 'Live: new leads appear by themselves' : 'Connecting for live updates…'}
          </p>
        ) : null}
        <button type="button" className="btn btn--outline console__logout" onClick={onLogout} disabled={loggingOut}>
          {loggingOut ? 'Logging out…' : 'Logout'}
        </button>
      </div>
    </aside>
  );
}

/** Says what the page that sent the admin here asked to say (the login's 'Login successful!'), once. */
function Notice() {
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as Partial<SessionNotice> | null)?.notice;
  const kind = (location.state as Partial<SessionNotice> | null)?.kind ?? 'success';
  useEffect(() => {
    if (!notice) return;
    toast.show(notice, kind);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [notice, kind, toast, navigate, location.pathname, location.search]);
  return null;
}

/** /admin: the overview for those who read it; a counsellor's console opens on their day; a trainer's on their sessions. */
function Home() {
  const member = useMember();
  if (member.role === 'counsellor') return <Navigate to="/admin/my-day" replace />;
  if (member.role === 'trainer') return <Navigate to="/admin/sessions" replace />;
  return <Overview />;
}

/**
 * The route guard (spec §6: it only checks that a token is there; the server checks it on
 * every call). It lives here, in the console's own chunk, so public pages carry no session code.
 */
export default function AdminConsole() {
  return readSession() ? <Console /> : <Navigate to="/admin-login" replace />;
}

function Console() {
  const navigate = useNavigate();
  const [session] = useState(readSession);
  const [loggingOut, setLoggingOut] = useState(false);

  // Any 401, here or in a list: back to the login page, saying why.
  useEffect(
    () =>
      onSessionEnded((message) => {
        const state: SessionNotice = { notice: message, kind: 'error' };
        void navigate('/admin-login', { replace: true, state });
      }),
    [navigate],
  );

  const logout = async () => {
    setLoggingOut(true);
    // A browser signed out of is not pushed the member's leads any more.
    await unsubscribeDevice().catch(() => undefined);
    // The server revokes the token; whatever it answers, this browser forgets it.
    await fetch(ADMIN_PATHS.logout, { method: 'POST', headers: { Authorization: `Bearer ${session?.token ?? ''}` } }).catch(
      () => undefined,
    );
    clearSession();
    const state: SessionNotice = { notice: ADMIN_MESSAGES.logoutSuccess, kind: 'success' };
    void navigate('/admin-login', { state });
  };

  return (
    <ToastProvider corner>
      <link rel="stylesheet" href={consoleCss} precedence="console" />
      <link rel="stylesheet" href={deskCss} precedence="console" />
      <link rel="stylesheet" href={workspaceCss} precedence="console" />
      <link rel="stylesheet" href={sessionsCss} precedence="console" />
      <link rel="stylesheet" href={reportsCss} precedence="console" />
      <link rel="stylesheet" href={notifyCss} precedence="console" />
      <link rel="stylesheet" href={scoreCss} precedence="console" />
      <Notice />
      <MemberProvider>
        <LeadEventsProvider>
          <ViewsProviderForMember>
            <Frame onLogout={() => void logout()} loggingOut={loggingOut} name={adminName(session)} />
          </ViewsProviderForMember>
        </LeadEventsProvider>
      </MemberProvider>
    </ToastProvider>
  );
}

function ViewsProviderForMember({ children }: { children: ReactNode }) {
  const member = useMember();
  return <ViewsProvider enabled={member.can('leads.read')}>{children}</ViewsProvider>;
}

/** The console's page: sidebar, header, the route's view; inside the member's context. */
function Frame({ onLogout, loggingOut, name }: { onLogout: () => void; loggingOut: boolean; name: string }) {
  const member = useMember();
  const menu = useMenu();
  return (
    <div className={menu.open ? 'console is-menu-open' : 'console'}>
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <Sidebar onLogout={onLogout} loggingOut={loggingOut} menu={menu} />
      <div className="console__main">
        <header className="console__header" id="console-header">
          {member.can('leads.read') && <HeaderSearch />}
          <p>
            Welcome{name ? ', ' : ''}
            <strong>{name}</strong>
          </p>
        </header>
        <main id="console-main" tabIndex={-1}>
          <Routes>
            <Route index element={<Home />} />
            {/* Its own path: /admin opens a counsellor's console on their day, the overview is one click away. */}
            <Route path={CONSOLE_ROUTES.overview} element={<Overview />} />
            <Route path={CONSOLE_ROUTES.reports} element={<ReportsPage />} />
            <Route path={CONSOLE_ROUTES.myDay} element={<MyDayPage />} />
            <Route path={CONSOLE_ROUTES.team} element={<TeamPage />} />
            <Route path={CONSOLE_ROUTES.assignment} element={<AssignmentPage />} />
            <Route path={CONSOLE_ROUTES.rules} element={<RulesPage />} />
            <Route path={CONSOLE_ROUTES.score} element={<ScoreWeightsPage />} />
            <Route path={CONSOLE_ROUTES.settings} element={<SettingsPage />} />
            <Route path={CONSOLE_ROUTES.audit} element={<AuditPage />} />
            <Route path={CONSOLE_ROUTES.people} element={<PeoplePage />} />
            <Route path={CONSOLE_ROUTES.person} element={<PersonPage />} />
            <Route path={CONSOLE_ROUTES.import} element={<ImportPage />} />
            <Route path={CONSOLE_ROUTES.templates} element={<TemplatesPage />} />
            <Route path={CONSOLE_ROUTES.batches} element={<BatchesPage />} />
            <Route path={CONSOLE_ROUTES.webinarSchedule} element={<WebinarSchedulePage />} />
            <Route path={CONSOLE_ROUTES.payments} element={<PaymentChecksPage />} />
            <Route path={CONSOLE_ROUTES.sessions} element={<SessionsPage />} />
            <Route path={CONSOLE_ROUTES.session} element={<SessionPage />} />
            <Route path={CONSOLE_ROUTES.list} element={<ListPage />} />
            <Route path="*" element={<p>There is no such page in the console.</p>} />
          </Routes>
        </main>
      </div>
      <Reminders />
      <Shortcuts />
    </div>
  );
}
