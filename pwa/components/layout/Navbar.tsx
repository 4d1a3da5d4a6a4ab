import { useCallback, useEffect, useRef, useState } from 'react';
import { InstallButton } from '../AppStatus.tsx';
import { OutboxBadge } from '../OutboxBadge.tsx';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from '../../i18n/links.tsx';
import { useChrome } from '../../i18n/LangContext.tsx';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { NAV_ITEMS, type NavGroup } from '../../content/navigation.ts';
import { useDismiss } from '../../hooks/useDismiss.ts';
import { IconChevron, IconClose, IconMenu } from '../Icons.tsx';
import './navbar.css';

function isGroup(item: (typeof NAV_ITEMS)[number]): item is NavGroup {
  return 'links' in item;
}

/**
 * Main navigation. Dropdown groups are disclosure buttons: they open on click, close on
 * an outside click or Escape, and only one is open at a time. Below the desktop
 * breakpoint a menu toggle shows the same list stacked, with the groups expanding inline.
 */
export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const t = useChrome();

  useEffect(() => {
    setMenuOpen(false);
    setOpenGroup(null);
  }, [pathname]);

  const dismiss = useCallback(
    (reason: 'outside' | 'escape') => {
      if (reason === 'escape') {
        if (openGroup) document.getElementById(`nav-btn-${openGroup}`)?.focus();
        else if (menuOpen) document.getElementById('nav-toggle')?.focus();
      }
      if (openGroup) setOpenGroup(null);
      else setMenuOpen(false);
    },
    [openGroup, menuOpen],
  );
  useDismiss(navRef, openGroup !== null || menuOpen, dismiss);

  return (
    <header className="site-header">
      <nav ref={navRef} className="container nav" aria-label={t.mainNav}>
        <Link to="/" className="nav__logo">
          <img src="/images/logo.svg" alt="" width={40} height={40} />
          <span>
            SkillUp<span className="visually-hidden">{t.homeLinkHidden}</span>
          </span>
        </Link>
        <OutboxBadge />
        <LanguageSwitch />
        <button
          id="nav-toggle"
          type="button"
          className="nav__toggle icon-btn"
          aria-expanded={menuOpen}
          aria-controls="nav-menu"
          aria-label={menuOpen ? t.closeMenu : t.openMenu}
          onClick={() => {
            setMenuOpen((o) => !o);
            setOpenGroup(null);
          }}
        >
          {menuOpen ? <IconClose /> : <IconMenu />}
        </button>
        <div id="nav-menu" className={`nav__menu${menuOpen ? ' is-open' : ''}`}>
          <ul className="nav__list">
            {NAV_ITEMS.map((item) =>
              isGroup(item) ? (
                <li key={item.id} className={`nav__group${openGroup === item.id ? ' is-open' : ''}`}>
                  <button
                    id={`nav-btn-${item.id}`}
                    type="button"
                    className="nav__link nav__group-btn"
                    aria-expanded={openGroup === item.id}
                    aria-controls={`nav-drop-${item.id}`}
                    onClick={() => setOpenGroup((g) => (g === item.id ? null : item.id))}
                  >
                    {t[item.label]} <IconChevron />
                  </button>
                  <ul id={`nav-drop-${item.id}`} className="nav__dropdown" hidden={openGroup !== item.id}>
                    {item.links.map((link) => (
                      <li key={link.to}>
                        <NavLink to={link.to} className="nav__droplink">
                          {t[link.label]}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} end className="nav__link">
                    {t[item.label]}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
          <InstallButton />
          <Link to="/join-now" className="btn btn--accent nav__cta">
            {t.joinNow}
          </Link>
        </div>
      </nav>
    </header>
  );
}
