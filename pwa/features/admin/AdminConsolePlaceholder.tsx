// Placeholder for the admin console (the five lead lists arrive in a later issue).
import { NavLink, useNavigate } from 'react-router-dom';
import { Meta } from '../../components/Meta.tsx';
import { useToast } from '../../components/Toast.tsx';
import { clearAdminSession } from '../../lib/storage.ts';
import { ADMIN_MESSAGES } from '../../../contract/admin.ts';

const LISTS = [
  { to: '/admin/join-now', label: 'Sign Up Users' },
  { to: '/admin/join-free', label: 'Join Free Users' },
  { to: '/admin/contact', label: 'Contact Users' },
  { to: '/admin/need-help', label: 'Need Help Users' },
  { to: '/admin/test-form', label: 'Personality Test' },
];

export default function AdminConsolePlaceholder() {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <Meta title="Admin" description="SkillUp admin console." robots="noindex" />
      <div className="container admin">
        <aside className="admin__sidebar card">
          <nav aria-label="Admin">
            <ul>
              {LISTS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to}>{l.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              clearAdminSession();
              toast.show(ADMIN_MESSAGES.logoutSuccess, 'success');
              navigate('/admin-login');
            }}
          >
            Logout
          </button>
        </aside>
        <section className="admin__main">
          <h1>Welcome</h1>
          <p>The lead lists will appear here soon.</p>
        </section>
      </div>
    </>
  );
}
