// Links that stay in the page's language: `to="/about"` on a Hindi page goes to /hi/about.
// Every public page links through these, so no link leads a Hindi reader back to English.
import { forwardRef, useCallback, type ComponentProps } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useNavigate, type NavigateOptions } from 'react-router-dom';
import { useLang } from './LangContext.tsx';
import { pathIn } from './lang.ts';

type LinkProps = ComponentProps<typeof RouterLink> & { to: string };
type NavLinkProps = ComponentProps<typeof RouterNavLink> & { to: string };

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...rest }, ref) {
  const lang = useLang();
  return <RouterLink ref={ref} to={pathIn(to, lang)} {...rest} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...rest }, ref) {
  const lang = useLang();
  return <RouterNavLink ref={ref} to={pathIn(to, lang)} {...rest} />;
});

/** useNavigate, with paths kept in the page's language. */
export function useLocalNavigate() {
  const navigate = useNavigate();
  const lang = useLang();
  return useCallback((to: string, options?: NavigateOptions) => void navigate(pathIn(to, lang), options), [navigate, lang]);
}
