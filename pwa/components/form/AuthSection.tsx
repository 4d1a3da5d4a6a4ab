import type { ReactNode } from 'react';

/** The narrow, centred section the account pages (join now, sign-up, admin login, reset) put their form card in. */
export function AuthSection({ children }: { children: ReactNode }) {
  return (
    <section className="section auth">
      <div className="container container--narrow">{children}</div>
    </section>
  );
}
